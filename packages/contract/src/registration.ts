/**
 * Google sign-in (OpenID Connect) and registration requests: routes, query values and every text the pages show
 * (PRODUCT.md §2 public routes /registration-requested, /registration-approval-status, /access-pending; PRODUCT.md §4).
 */

/** Server endpoints of the Google sign-in (full navigations, not fetches). */
export const GOOGLE_SIGN_IN_PATHS = {
  redirect: '/oauth/google/redirect',
  callback: '/oauth/google/callback',
} as const;

/** PRODUCT.md §2 public pages a Google sign-in or an admin's mailed answer lands on. */
export const REGISTRATION_PAGES = {
  requested: '/registration-requested',
  approvalStatus: '/registration-approval-status',
  accessPending: '/access-pending',
} as const;

/** GET /api/auth/sign-in-options: which sign-in methods this server offers. */
export interface SignInOptions {
  google: { configured: boolean };
}

/** PRODUCT.md §4 registration request outcomes, as /registration-approval-status?status= carries them. */
export const REGISTRATION_APPROVAL_STATUSES = ['approve', 'block', 'already_approved', 'already_blocked'] as const;
export type RegistrationApprovalStatus = (typeof REGISTRATION_APPROVAL_STATUSES)[number];
/** What else a mailed link can meet: it expired, or it names no request of this organisation. */
export const REGISTRATION_LINK_PROBLEMS = ['expired', 'invalid'] as const;
export type RegistrationLinkProblem = (typeof REGISTRATION_LINK_PROBLEMS)[number];

/** Why a Google sign-in came back to /login (?google=...). */
export const GOOGLE_SIGN_IN_ERRORS = ['not_configured', 'failed', 'email_unverified'] as const;
export type GoogleSignInError = (typeof GOOGLE_SIGN_IN_ERRORS)[number];

export const GOOGLE_SIGN_IN_TEXTS = {
  button: 'Sign in with Google',
  notConfiguredButton: 'Google sign-in is not configured',
  notConfiguredDetail:
    "Google sign-in hasn't been set up on this server. Sign in with your email and password instead.",
  errors: {
    not_configured: "Google sign-in hasn't been set up on this server. Sign in with your email and password instead.",
    failed: "Google sign-in didn't complete. Please try again.",
    email_unverified: "Your Google account's email address isn't verified, so we can't sign you in with it.",
  } satisfies Record<GoogleSignInError, string>,
} as const;

/** /sign-up: accounts are not self-service; how someone without one joins. */
export const SIGN_UP_TEXTS = {
  heading: 'Join your organisation’s wallet',
  intro: 'Accounts are for people in your organisation, and an admin decides who joins. There are two ways in.',
  googleTitle: 'Request access with Google',
  google:
    'Sign in with your work Google account. An admin is asked to approve you, and you get an email once they have.',
  invitationTitle: 'Ask for an invitation',
  invitation: 'Ask an admin of your organisation to invite you. The invitation email has a link to set your password.',
  haveAccount: 'Already have an account?',
  backToSignIn: 'Back to Sign In',
} as const;

export const REGISTRATION_TEXTS = {
  requestedTitle: 'Registration Requested',
  requestedDetail:
    "We've asked your organisation's admins to give you access to the wallet. You'll get an email as soon as one of them approves your request.",
  pendingTitle: 'Access Pending Approval',
  pendingDetail:
    "Your request for access is waiting for an admin's approval. You'll get an email once you're approved; then sign in again.",
  backToLogin: 'Back to Sign In',
  signIn: 'Sign In',
} as const;

export interface RegistrationResponder {
  name: string | null;
  email: string | null;
  /** Shown as the date (and time) the request was answered. */
  on: string | null;
}

function byWhom(responder: RegistrationResponder): string {
  const who =
    responder.name && responder.email
      ? `${responder.name} (${responder.email})`
      : (responder.name ?? responder.email ?? 'an admin');
  return responder.on ? `${who} on ${responder.on}` : who;
}

/** /registration-approval-status: a title and a sentence for each outcome. */
export const REGISTRATION_APPROVAL_TEXTS = {
  approve: {
    title: 'Registration Approved',
    detail: (r: RegistrationResponder) =>
      `Approved by ${byWhom(r)}. We've emailed them an invitation to set up their account.`,
  },
  block: {
    title: 'Registration Blocked',
    detail: (r: RegistrationResponder) => `Blocked by ${byWhom(r)}. They won't get access unless an admin adds them.`,
  },
  already_approved: {
    title: 'Already Approved',
    detail: (r: RegistrationResponder) =>
      `This registration request was already approved by ${byWhom(r)}. Nothing else was changed.`,
  },
  already_blocked: {
    title: 'Already Blocked',
    detail: (r: RegistrationResponder) =>
      `This registration request was already blocked by ${byWhom(r)}. Nothing else was changed.`,
  },
  expired: {
    title: 'This Link Has Expired',
    detail: () => 'This approval link has expired. The person can sign in with Google again to send a new request.',
  },
  invalid: {
    title: 'This Link Is Not Valid',
    detail: () =>
      "We couldn't find this registration request. The link may be incomplete, or the request no longer exists.",
  },
  unknown: {
    title: 'Registration Request',
    detail: () => 'We could not tell what happened to this registration request. Sign in to check.',
  },
} satisfies Record<
  RegistrationApprovalStatus | RegistrationLinkProblem | 'unknown',
  { title: string; detail: (r: RegistrationResponder) => string }
>;
