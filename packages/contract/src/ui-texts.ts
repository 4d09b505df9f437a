import type { Role } from './roles.js';

/** Texts of PRODUCT.md §2 screens that are not messages of an API (matched exactly; never retyped elsewhere). */
export const UI_TEXTS = {
  stillBuilding: "Sorry! We're still building this page. Please try again later.",
  invitationPending: 'Invitation pending',
  backToSignIn: 'Back to Sign In',
  myCardsEmpty: "You don't have any cards yet. An admin issues cards to you.",
  /** An admin's /my-cards: cards go to people with the Wallet User role, which an admin role alone is not. */
  myCardsEmptyAdmin:
    "You don't hold any cards. Cards go to people with the Wallet User role; issue and manage them in Cards.",
} as const;

/** How each role is named in tables and selects. */
export const ROLE_NAMES: Record<Role, string> = {
  'super-admin': 'Super Admin',
  'wallet-admin': 'Wallet Admin',
  'wallet-finance': 'Wallet Finance',
  'wallet-user': 'Wallet User',
};
