// The schemas of the forms on the first screen, loaded when a form first validates (lib/form-rules.ts lazyZodRule).
export { confirmPasswordSchema, loginSchema } from '@wallet/contract';
