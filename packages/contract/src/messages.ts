/** Texts of PRODUCT.md §2, §5 and §8 that both sides show or send. Matched exactly; never retyped elsewhere. */
export const MESSAGES = {
  badCredentials: 'These credentials do not match our records.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again in a minute.',
  csrfMismatch: 'CSRF token mismatch.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not Found.',
  organisationNotFound: 'Organisation not found.',
  /** 421: a Host header that is not this app's domain, one of its organisations or a served IP address. */
  unknownHost: 'This address is not served here.',
  payloadTooLarge: 'The request body is too large.',
  malformedJson: 'The request body is not valid JSON.',
  invalidData: 'The given data was invalid.',
  serverError: 'Server Error',
  loggedIn: 'Logged in.',
  loggedOut: 'Logged out.',
  badPassword: 'The provided password is incorrect.',
  passwordConfirmed: 'Password confirmed.',

  // PRODUCT.md §5 login rules
  emailRequired: 'Please enter your email!',
  emailInvalid: 'Please enter a valid email!',
  emailTooLong: 'The email may not be greater than 255 characters.',
  passwordRequired: 'Please enter your password!',

  // PRODUCT.md §8 notifications
  checkEntries: 'Check your entries and try again!',
  notAuthorized: "You're not authorized to complete that action",
  notAuthorizedHint: 'Please refresh your browser or try logging out & back in again.',
  resourceNotFound: "That resource wasn't found.",
  confirmPassword: 'Please confirm your password to continue',
  sensitiveRestricted: 'Access of sensitive data is restricted',
  genericError: "There's been an error!",
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',

  // PRODUCT.md §2 pages
  notFoundPage: "Oops! We couldn't find what you're looking for. Please try again.",
  notFoundCode: 'ERROR CODE 404 NOT FOUND',
  errorBoundary: 'Uh oh! We encountered an error trying to load this page. Please try again.',
  tryAgain: 'Try Again',
  loggingOut: 'Logging Out...',
  takingYouThere: 'Taking you there...',
  signInHeading: 'Sign In to Continue',
  forgotPasswordLink: 'Forgot your Password?',
  noAccountLink: "Don't have an account?",
} as const;

/** POST /webhooks/stripe's refusals (400): what a misconfigured or forged delivery is told. */
export const WEBHOOK_MESSAGES = {
  notConfigured: 'Webhooks are not configured.',
  missingSignature: 'Missing signature or body.',
  invalidSignature: 'Invalid signature.',
} as const;

/** The simulator's purchase routes (development and test only). */
export const SIMULATOR_MESSAGES = {
  notSimulatorCard: 'Only cards of the simulator issuer can be used for simulated purchases.',
  declinedNotCapturable: 'A declined authorisation cannot be captured.',
  onlyPendingCapturable: 'Only a pending authorisation can be captured.',
  onlyCapturedRefundable: 'Only a captured purchase can be refunded.',
  onlyPendingReleasable: 'Only a pending authorisation can be released.',
  unknownAuthorization: 'Unknown authorisation id.',
} as const;
