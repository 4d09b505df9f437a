import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.js';

/** PRODUCT.md §5 new password (reset and register). */
export const PASSWORD_MESSAGES = {
  tooWeak: 'That password is not strong enough!',
  confirmRequired: 'Please confirm your password!',
  mismatch: 'The two passwords that you entered do not match!',
  currentRequired: 'Please enter your current password!',
  currentWrong: 'The provided password does not match your current password.',
  changed: 'Password has been changed successfully.',
} as const;

export const MAX_PASSWORD_LENGTH = 255;

export const newPasswordField = z
  .string({ error: PASSWORD_MESSAGES.tooWeak })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooWeak)
  .max(MAX_PASSWORD_LENGTH, `The password may not be greater than ${MAX_PASSWORD_LENGTH} characters.`);

const confirmationField = z
  .string({ error: PASSWORD_MESSAGES.confirmRequired })
  .min(1, PASSWORD_MESSAGES.confirmRequired);

/** password + password_confirmation, the confirmation's error on its own field. */
export const newPasswordPair = z
  .object({ password: newPasswordField, password_confirmation: confirmationField })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORD_MESSAGES.mismatch,
  });

export const registerSchema = z
  .object({
    token: z.string({ error: 'The invitation token is missing.' }).min(1, 'The invitation token is missing.').max(200),
    email: z.string({ error: 'The email field is required.' }).trim().min(1, 'The email field is required.').max(255),
    password: newPasswordField,
    password_confirmation: confirmationField,
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORD_MESSAGES.mismatch,
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: PASSWORD_MESSAGES.currentRequired }).min(1, PASSWORD_MESSAGES.currentRequired),
    password: newPasswordField,
    password_confirmation: confirmationField,
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORD_MESSAGES.mismatch,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is invalid or has already been used.',
  expired: 'This invitation link has expired. Ask your administrator to send a new one.',
} as const;
