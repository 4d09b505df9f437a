import { z } from 'zod';
import { MESSAGES } from './messages.js';
import type { CardIssuerInfo } from './card-issuer.js';

export const MAX_STRING = 255;

/** PRODUCT.md §5 login: email required, valid, max 255; password required. */
export const loginSchema = z.object({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(MAX_STRING, MESSAGES.emailTooLong)
    .pipe(z.email({ error: MESSAGES.emailInvalid })),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface LoginResponse {
  message: string;
  two_factor: boolean;
  /** POST /login signed in (two_factor false): who, as GET /api/me answers it, so the app need not ask. */
  data?: Me;
}

/** The signed-in user as GET /api/me answers it (PRODUCT.md §3 User). */
export interface Me {
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
  roles: string[];
  avatar_url: string | null;
  stripe_cardholder_id: string | null;
  issuing_tos_acceptance: { accepted_at: string | null };
  organization: { id: number; slug: string; name: string };
  /** Which card issuer this installation uses and Stripe.js's publishable key (how Show Details works). */
  card_issuer?: CardIssuerInfo;
  created_at: string;
}

/** Error body of every non-2xx answer (ARCHITECTURE.md D6). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}
