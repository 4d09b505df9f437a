import type { Role } from './roles.js';

/** Texts of SPEC §2 screens that are not messages of an API (matched exactly; never retyped elsewhere). */
export const UI_TEXTS = {
  stillBuilding: "Sorry! We're still building this page. Please try again later.",
  invitationPending: 'Invitation pending',
  backToSignIn: 'Back to Sign In',
} as const;

/** How each role is named in tables and selects. */
export const ROLE_NAMES: Record<Role, string> = {
  'super-admin': 'Super Admin',
  'wallet-admin': 'Wallet Admin',
  'wallet-finance': 'Wallet Finance',
  'wallet-user': 'Wallet User',
};
