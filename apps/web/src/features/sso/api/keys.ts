/** Query keys of single sign-on with the giving product. */
export const ssoKeys = {
  givingConfig: ['sso', 'giving-config'] as const,
  pendingSignIn: ['sso', 'sign-in'] as const,
};
