// Entry of the export thread: its code is TypeScript, run through tsx as the server itself is.
import { register } from 'tsx/esm/api';

register();
await import('./export-thread-worker.ts');
