import { z } from 'zod';
import { ASSIGNABLE_ROLES } from './roles.js';
import { ROLE_NAMES } from './ui-texts.js';
import { emailField, optionalString, requiredString } from './fields.js';

/** 'Choose a role: Wallet Admin, Wallet Finance or Wallet User.' (the names people see, not the keys). */
export const ROLE_REQUIRED_MESSAGE = `Choose a role: ${ASSIGNABLE_ROLES.slice(0, -1)
  .map((role) => ROLE_NAMES[role])
  .join(', ')} or ${ROLE_NAMES[ASSIGNABLE_ROLES.at(-1)!]}.`;
const roleField = z.enum(ASSIGNABLE_ROLES, { error: ROLE_REQUIRED_MESSAGE });

/** PRODUCT.md §5 profile: first and last name and email required; the rest optional, max 255 (postal max 20). */
export const profileSchema = z.object({
  first_name: requiredString('first name'),
  last_name: requiredString('last name'),
  email: emailField(),
  cell_phone: optionalString('cell phone'),
  address: optionalString('address'),
  address2: optionalString('address 2'),
  city: optionalString('city'),
  state_province: optionalString('state / province'),
  postal: optionalString('postal code', 20),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** PRODUCT.md §5 new user: the profile fields plus one of the three assignable roles. */
export const newUserSchema = profileSchema.extend({ role: roleField });
export type NewUserInput = z.infer<typeof newUserSchema>;

export const invitationSchema = z.object({ role: roleField });
export const userRolesSchema = z.object({
  roles: z.array(roleField, { error: 'The roles field is required.' }).length(1, 'Exactly one role is required.'),
});

export const USER_MESSAGES = {
  added: 'User Added Successfully',
  profileUpdated: 'User Profile Updated Successfully',
  ownProfileUpdated: 'Profile Updated Successfully!',
  avatarDeletionFailed: 'Avatar Deletion Failed',
  emailTaken: 'The email has already been taken.',
  lastSuperAdmin: 'The last super-admin of the organisation must keep that role.',
  superAdminNotGrantable: 'The super-admin role cannot be granted through the API.',
  avatarInvalid: 'The avatar must be a PNG, JPEG or WebP image.',
  avatarTooLarge: 'The avatar may not be greater than 2 MiB.',
  avatarEmpty: 'The avatar file is empty.',
  avatarMissing: 'Choose an image to upload.',
  alreadyInWallet: 'This person already has a wallet role.',
  /** 403 when someone other than a super-admin edits a super-admin's profile (their email is their sign-in and reset address). */
  superAdminProfileLocked: "Only a super-admin can change a super-admin's profile.",
  /**
   * The answer when people change their own email: the change waits for the link mailed to the new address. The same
   * whether or not the address belongs to someone else, so a member learns nothing about other people's addresses.
   */
  emailChangeSent: 'We sent a confirmation link to the new address. Your email address changes when you open it.',
} as const;

/** PUT /api/users/{id}: the user as saved, and a message when something (a new email) waits for confirmation. */
export interface UpdateUserResponse {
  data: UserResource;
  message?: string;
}

/** A link confirming a new email works once and for this long (like a password reset link, ARCHITECTURE.md D5). */
export const EMAIL_CHANGE_TTL_MINUTES = 60;

/** People may ask for this many email confirmation mails per hour (each goes to an address they typed). */
export const EMAIL_CHANGE_RATE_LIMIT = { max: 5, windowSeconds: 3600 } as const;

/** What opening an email confirmation link did; the page /email-change?status=... says so. */
export const EMAIL_CHANGE_STATUSES = ['changed', 'used', 'expired', 'invalid', 'taken'] as const;
export type EmailChangeStatus = (typeof EMAIL_CHANGE_STATUSES)[number];

export const EMAIL_CHANGE_TEXTS: Record<EmailChangeStatus, { title: string; detail: string }> & {
  openSettings: string;
  signIn: string;
} = {
  changed: {
    title: 'Email Address Changed',
    detail: 'Your new email address is confirmed. Use it from now on to sign in.',
  },
  used: {
    title: 'Link Already Used',
    detail: 'This confirmation link has already been used. Your email address is as it was after that.',
  },
  expired: {
    title: 'This Link Has Expired',
    detail: `Confirmation links work for ${EMAIL_CHANGE_TTL_MINUTES} minutes. Change your email again in Account Settings to get a new one.`,
  },
  invalid: {
    title: 'Link Not Recognised',
    detail: 'This confirmation link is not valid. Change your email again in Account Settings to get a new one.',
  },
  taken: {
    title: 'Email Address Not Changed',
    detail: 'This address now belongs to another account, so your email address stays as it was.',
  },
  openSettings: 'Open Account Settings',
  signIn: 'Sign In',
};

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** A user as the users API answers it (PRODUCT.md §3 User); includes appear only when asked for. */
export interface UserResource {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  cell_phone: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state_province: string | null;
  postal: string | null;
  avatar_url: string | null;
  roles?: string[];
  teams?: Array<{ id: number; name: string; color: string }>;
  cards?: Array<{
    id: number;
    status: string;
    spending_limit: number;
    last4: string;
    type?: string;
    nickname?: string | null;
  }>;
  stripe_cardholder_id: string | null;
  issuing_tos_acceptance: { accepted_at: string | null };
  invitation_pending: boolean;
  created_at: string;
}
