export const APP_NAME = 'Spend Wallet';

/** The product's version, from the root package.json at build time (vite.config.ts `define`). */
export const APP_VERSION = __APP_VERSION__;
