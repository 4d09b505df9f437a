/** Products this wallet signs its users into (PRODUCT.md §7 POST /api/outbound-sso {app}). */
export const SSO_APPS = ['giving'] as const;
export type SsoApp = (typeof SSO_APPS)[number];

/** Single sign-on tokens live this long (seconds), both directions. */
export const SSO_TOKEN_SECONDS = 60;

/** GET /api/sso/config: what the user menu and the public header need to know about the giving product. */
export interface GivingConfig {
  /** Fills '{product}' of 'SSO To {product} Giving'. */
  product_name: string;
  /** The giving product's address, or null when it isn't configured. */
  url: string | null;
  /** Whether POST /api/outbound-sso can sign into it (GIVING_URL and GIVING_SSO_SECRET are set). */
  sso_enabled: boolean;
}

/** '{product} Giving', the sister product's name; the user menu's item is 'SSO To {product} Giving'. */
export const givingProductLabel = (productName: string) => `${productName} Giving`;
export const ssoMenuLabel = (productName: string) => `SSO To ${givingProductLabel(productName)}`;

/** Why GET /sso/login refused a token: the page /sso/refused?reason=... explains it. */
export const SSO_REFUSAL_REASONS = [
  'expired',
  'used',
  'invalid',
  'unknown-user',
  'other-organization',
  'not-configured',
] as const;
export type SsoRefusalReason = (typeof SSO_REFUSAL_REASONS)[number];

export const SSO_MESSAGES = {
  notConfigured:
    'Single sign-on to the giving product is not set up for this organisation. Ask your administrator to set GIVING_URL and GIVING_SSO_SECRET.',
  refusedTitle: 'We could not sign you in',
  refused: {
    expired: 'This sign-in link has expired. Links from the giving product work for 60 seconds: go back and try again.',
    used: 'This sign-in link has already been used. Each link signs in once: go back to the giving product and try again.',
    invalid: 'This sign-in link is not valid. Go back to the giving product and try again.',
    'unknown-user':
      'There is no wallet account with your email address in this organisation. Ask your administrator for an invitation.',
    'other-organization':
      'This sign-in link is for another organisation. Go back to the giving product and sign in to this organisation from there.',
    'not-configured': 'Single sign-on from the giving product is not set up for this organisation.',
  } satisfies Record<SsoRefusalReason, string>,
  confirmTitle: 'Continue signing in?',
  confirmQuestion: (name: string, email: string) => `Continue as ${name} (${email})?`,
  confirmHint: (product: string) => `You came from ${product}. Continue only if you started this sign-in yourself.`,
  confirmContinue: 'Continue',
  confirmCancel: 'Cancel',
  confirmExpired: 'This sign-in has expired or was already finished. Go back to the giving product and try again.',
} as const;

/**
 * GET /sso/login does not sign in: it keeps the checked token's person under a random id (an httpOnly cookie sent
 * only to SSO_SIGN_IN_PATH) and sends the browser to SSO_CONFIRM_PAGE, which asks before signing in. The SPA then
 * reads (GET), confirms (POST, with the XSRF header a cross-site page can't send) or cancels (DELETE) it.
 */
export const SSO_CONFIRM_PAGE = '/sso/confirm';
export const SSO_SIGN_IN_PATH = '/api/sso/sign-in';
/** How long the confirmation waits for the Continue button. */
export const SSO_CONFIRM_MINUTES = 5;

/** GET /api/sso/sign-in: whom Continue signs in. */
export interface SsoPendingSignIn {
  name: string;
  email: string;
}

/** Organisation logos (Account Settings -> Organisation; GET /api/logo/{first host segment}). */
export const LOGO_MAX_BYTES = 1024 * 1024;

export const ORG_MESSAGES = {
  logoInvalid: 'The logo must be a PNG, JPEG or WebP image.',
  logoTooLarge: 'The logo may not be greater than 1 MiB.',
  logoEmpty: 'The logo file is empty.',
  logoMissing: 'Choose an image to upload.',
  logoNone: 'There is no logo to remove.',
  logoUpdated: 'Logo Updated Successfully',
  logoRemoved: 'Logo Removed',
} as const;

/** GET /api/organization/admins: the people members may contact (Help & Support). */
export interface OrganizationAdmin {
  id: number;
  name: string;
  email: string;
  roles: string[];
}
