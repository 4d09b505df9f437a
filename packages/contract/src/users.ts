import { z } from 'zod';
import { ASSIGNABLE_ROLES } from './roles.js';
import { emailField, optionalString, requiredString } from './fields.js';

const roleField = z.enum(ASSIGNABLE_ROLES, { error: `The role must be one of ${ASSIGNABLE_ROLES.join(', ')}.` });

/** SPEC §5 profile: first and last name and email required; the rest optional, max 255 (postal max 20). */
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

/** SPEC §5 new user: the profile fields plus one of the three assignable roles. */
export const newUserSchema = profileSchema.extend({ role: roleField });
export type NewUserInput = z.infer<typeof newUserSchema>;

export const invitationSchema = z.object({ role: roleField });
export const userRolesSchema = z.object({
  roles: z.array(roleField, { error: 'The roles field is required.' }).length(1, 'Exactly one role is required.'),
});

/** Per-user mail preferences (Account Settings -> Notifications). */
export const NOTIFICATION_KINDS = ['approval_needed', 'request_decided', 'card_funded'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  approval_needed: 'A purchase request needs my approval',
  request_decided: 'My purchase request was approved or rejected',
  card_funded: 'My card was funded',
};
export const notificationPreferencesSchema = z.object({
  approval_needed: z.boolean({ error: 'Must be true or false.' }),
  request_decided: z.boolean({ error: 'Must be true or false.' }),
  card_funded: z.boolean({ error: 'Must be true or false.' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

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
} as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** A user as the users API answers it (SPEC §3 User); includes appear only when asked for. */
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
  cards?: Array<{ id: number; status: string; spending_limit: number; last4: string }>;
  stripe_cardholder_id: string | null;
  issuing_tos_acceptance: { accepted_at: string | null };
  invitation_pending: boolean;
  created_at: string;
}
