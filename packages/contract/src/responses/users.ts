import { z } from 'zod';
import type { UpdateUserResponse, UserResource } from '../users.js';
import type { LoginResponse, Me } from '../auth.js';
import type { CardIssuerInfo } from '../card-issuer.js';
import type { RecoveryCodesResponse, TwoFactorSetup, TwoFactorStatus } from '../two-factor.js';
import { dataOf, pageOf } from './common.js';

/** A person in brief, as other resources name them (a card's holder, an approver, a team's approval path). */
export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
});

const addressFields = {
  cell_phone: z.string().nullable(),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state_province: z.string().nullable(),
  postal: z.string().nullable(),
};

export const userResourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  ...addressFields,
  avatar_url: z.string().nullable(),
  roles: z.array(z.string()).optional(),
  teams: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })).optional(),
  cards: z
    .array(
      z.object({
        id: z.number().int(),
        status: z.string(),
        spending_limit: z.number(),
        last4: z.string(),
        type: z.string().optional(),
        nickname: z.string().nullable().optional(),
      }),
    )
    .optional(),
  stripe_cardholder_id: z.string().nullable(),
  issuing_tos_acceptance: z.object({ accepted_at: z.string().nullable() }),
  invitation_pending: z.boolean(),
  created_at: z.string(),
}) satisfies z.ZodType<UserResource>;

/** A user with a sparse fieldset (fields[users]=...): only the fields asked for, all of them by default. */
export const sparseUserSchema = userResourceSchema.partial();

export const cardIssuerInfoSchema = z.object({
  name: z.enum(['simulator', 'stripe']),
  stripe_publishable_key: z.string().nullable(),
}) satisfies z.ZodType<CardIssuerInfo>;

export const meSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  ...addressFields,
  roles: z.array(z.string()),
  avatar_url: z.string().nullable(),
  stripe_cardholder_id: z.string().nullable(),
  issuing_tos_acceptance: z.object({ accepted_at: z.string().nullable() }),
  organization: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  card_issuer: cardIssuerInfoSchema.optional(),
  created_at: z.string(),
}) satisfies z.ZodType<Me>;

export const usersPageSchema = pageOf(sparseUserSchema);
export const sparseUserItemSchema = dataOf(sparseUserSchema);
export const userItemSchema = dataOf(userResourceSchema);
export const meItemSchema = dataOf(meSchema);
export const updateUserResponseSchema = z.object({
  data: userResourceSchema,
  message: z.string().optional(),
}) satisfies z.ZodType<UpdateUserResponse>;
export const avatarItemSchema = dataOf(z.object({ avatar_url: z.string().nullable() }));

export const loginResponseSchema = z.object({
  message: z.string(),
  two_factor: z.boolean(),
  data: meSchema.optional(),
}) satisfies z.ZodType<LoginResponse>;
/** POST /api/auth/register: signed in, and who. */
export const registerResponseSchema = loginResponseSchema.extend({ data: meSchema });

/** GET /user/two-factor-authentication. */
export const twoFactorStatusItemSchema = dataOf(
  z.object({
    enabled: z.boolean(),
    pending: z.boolean(),
    confirmed_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
  }) satisfies z.ZodType<TwoFactorStatus>,
);
/** POST /user/two-factor-authentication: the secret to enter, shown while setting up only. */
export const twoFactorSetupItemSchema = dataOf(
  z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() }) satisfies z.ZodType<TwoFactorSetup>,
);
export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  data: z.object({ recovery_codes: z.array(z.string()) }),
}) satisfies z.ZodType<RecoveryCodesResponse>;
