/** Products this wallet signs its users into (SPEC §7 POST /api/outbound-sso {app}). */
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
export const SSO_REFUSAL_REASONS = ['expired', 'used', 'invalid', 'unknown-user', 'not-configured'] as const;
export type SsoRefusalReason = (typeof SSO_REFUSAL_REASONS)[number];

export const SSO_MESSAGES = {
  notConfigured: 'Single sign-on to the giving product is not set up for this organisation. Ask your administrator to set GIVING_URL and GIVING_SSO_SECRET.',
  refusedTitle: 'We could not sign you in',
  refused: {
    expired: 'This sign-in link has expired. Links from the giving product work for 60 seconds: go back and try again.',
    used: 'This sign-in link has already been used. Each link signs in once: go back to the giving product and try again.',
    invalid: 'This sign-in link is not valid. Go back to the giving product and try again.',
    'unknown-user': 'There is no wallet account with your email address in this organisation. Ask your administrator for an invitation.',
    'not-configured': 'Single sign-on from the giving product is not set up for this organisation.',
  } satisfies Record<SsoRefusalReason, string>,
} as const;

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
