/** Query keys of sign-in. */
export const authKeys = {
  signInOptions: ['auth', 'sign-in-options'] as const,
};
