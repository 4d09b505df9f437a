import { z } from 'zod';
import { loginSchema } from './auth.js';
import { MESSAGES } from './messages.js';
import { PASSWORD_MESSAGES, newPasswordPair } from './passwords.js';

/** Forgot and reset password (PRODUCT.md §2 /forgot-password and /reset-password, §5, §8). */
export const PASSWORD_RESET_MESSAGES = {
  heading: 'Reset My Password',
  /** The answer to POST /forgot-password, the same whether or not the email has an account. */
  linkSent: 'Recovery Link Sent to Your Email',
  changed: PASSWORD_MESSAGES.changed,
  invalid: 'This password reset link is invalid. Ask for a new one.',
  used: 'This password reset link has already been used. Ask for a new one if you still need it.',
  expired: 'This password reset link has expired. Ask for a new one.',
  tooManyRequests: MESSAGES.tooManyRequests,
} as const;

/** A reset link works once and for this long (ARCHITECTURE.md D5). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window limits per account (the email asked for, known or not) and per IP, within an organisation.
 * Every attempt counts (for login: every failed one, on top of LOGIN_MAX_ATTEMPTS per email and IP); past the
 * limit the answer is a 429.
 */
export const AUTH_RATE_LIMITS = {
  login: { perAccount: { max: 20, windowSeconds: 900 }, perIp: { max: 50, windowSeconds: 900 } },
  forgotPassword: { perAccount: { max: 5, windowSeconds: 3600 }, perIp: { max: 20, windowSeconds: 3600 } },
  resetPassword: { perAccount: { max: 10, windowSeconds: 900 }, perIp: { max: 30, windowSeconds: 900 } },
  register: { perAccount: { max: 10, windowSeconds: 900 }, perIp: { max: 30, windowSeconds: 900 } },
} as const satisfies Record<string, { perAccount: RateLimit; perIp: RateLimit }>;

/**
 * Sign-in by link, where there is no password to count against an account: GET /sso/login (a giving-product token)
 * and the Google callback. Failed attempts per IP within an organisation; past the limit every attempt is a 429.
 */
export const LINK_SIGN_IN_RATE_LIMITS = {
  ssoLogin: { max: 30, windowSeconds: 900 },
  googleCallback: { max: 30, windowSeconds: 900 },
} as const satisfies Record<string, RateLimit>;

/** PRODUCT.md §5 forgot password: email required, valid, max 255. */
export const forgotPasswordSchema = z.object({ email: loginSchema.shape.email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const tokenField = z
  .string({ error: PASSWORD_RESET_MESSAGES.invalid })
  .min(1, PASSWORD_RESET_MESSAGES.invalid)
  .max(200, PASSWORD_RESET_MESSAGES.invalid);

/** POST /reset-password {password, password_confirmation, email, token} (PRODUCT.md §7), with PRODUCT.md §5's new-password rules. */
export const resetPasswordSchema = z
  .object({
    email: loginSchema.shape.email,
    token: tokenField,
    password: newPasswordPair.shape.password,
    password_confirmation: newPasswordPair.shape.password_confirmation,
  })
  // An empty confirmation already has its own message.
  .refine((value) => !value.password_confirmation || value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORD_MESSAGES.mismatch,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export interface PasswordResetResponse {
  message: string;
}
