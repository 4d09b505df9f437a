import { z } from 'zod';
import type { GivingConfig, OrganizationAdmin, SsoPendingSignIn } from '../sso.js';
import { dataOf, pageOf } from './common.js';

/**
 * An audit entry (GET /api/audit-log). Action and subject type are the contract's AUDIT_ACTIONS and
 * AUDIT_SUBJECT_TYPES, typed as text here so an entry written by an older version still reads.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_kind: z.enum(['user', 'system']),
  actor_user_id: z.number().int().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  subject_type: z.string(),
  subject_id: z.number().int().nullable(),
  subject_label: z.string().nullable(),
  /** What changed; amounts are integer cents. */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export const auditPageSchema = pageOf(auditEntrySchema);

/** GET /api/organization/logo: whether a logo was uploaded (else initials are drawn) and where the image is. */
export const logoInfoItemSchema = dataOf(z.object({ custom: z.boolean(), url: z.string() }));

export const organizationAdminsSchema = dataOf(
  z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      roles: z.array(z.string()),
    }) satisfies z.ZodType<OrganizationAdmin>,
  ),
);

export const givingConfigItemSchema = dataOf(
  z.object({
    product_name: z.string(),
    url: z.string().nullable(),
    sso_enabled: z.boolean(),
  }) satisfies z.ZodType<GivingConfig>,
);
/** POST /api/outbound-sso: the giving product's sign-in address with a single-use token. */
export const outboundSsoItemSchema = dataOf(z.string());
export const pendingSsoSignInItemSchema = dataOf(
  z.object({ name: z.string(), email: z.string() }) satisfies z.ZodType<SsoPendingSignIn>,
);
