/// <reference types="vite/client" />

/** The version in the root package.json, put in at build time (vite.config.ts, vitest.config.ts). */
declare const __APP_VERSION__: string;
