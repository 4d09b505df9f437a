import { GIVING_PRODUCT_NAME } from '@wallet/contract';

/** The sister giving product (SPEC §1), linked from the public mobile header. Set VITE_GIVING_URL at build time. */
export const givingProduct = {
  name: `${GIVING_PRODUCT_NAME} Giving`,
  url: import.meta.env.VITE_GIVING_URL ?? 'https://giving.example.com',
} as const;

export const APP_NAME = 'Spend Wallet';
