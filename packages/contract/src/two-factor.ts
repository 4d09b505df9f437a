import { z } from 'zod';

/** Two-factor sign-in with an authenticator app (TOTP) and single-use recovery codes. */
export const TWO_FACTOR_CODE_DIGITS = 6;
export const TWO_FACTOR_RECOVERY_CODE_COUNT = 8;
/** Between a right password and a right code; after that the person signs in again. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;
/** Code attempts: 5 wrong per account and 20 wrong per IP address within a minute, then 429. */
export const TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT = 5;
export const TWO_FACTOR_MAX_ATTEMPTS_PER_IP = 20;
export const TWO_FACTOR_WINDOW_SECONDS = 60;
export const TWO_FACTOR_CHALLENGE_COOKIE = 'wallet_two_factor';
/** The SPA page that asks for the code; sign-ins by redirect (Google, the giving product) land there too. */
export const TWO_FACTOR_CHALLENGE_PAGE = '/login/two-factor';

export const TWO_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the code from your authenticator app to finish signing in.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app!',
  codeFormat: 'The code is the 6 digits your authenticator app shows.',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  codeReused: 'That code has already been used. Wait for the next code in your authenticator app.',
  codeExpired: 'That code has expired. Enter the code your authenticator app shows now.',
  recoveryCodeRequired: 'Please enter one of your recovery codes!',
  recoveryCodeWrong: 'That recovery code is not right.',
  recoveryCodeUsed: 'That recovery code has already been used. Each recovery code works once.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  passwordRequired: 'Please enter your password!',
  notStarted: 'Start setting up two-factor authentication first.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on.',
  enabled: 'Two-factor authentication is on',
  disabled: 'Two-factor authentication is off',
  recoveryCodesRegenerated: 'New recovery codes generated',
} as const;

/** A 6-digit code; spaces (as some apps show "123 456") are ignored. */
export const twoFactorCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: TWO_FACTOR_MESSAGES.codeRequired, abort: true })
      .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`), TWO_FACTOR_MESSAGES.codeFormat),
  );

const recoveryCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCodeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.recoveryCodeRequired)
  .max(64, TWO_FACTOR_MESSAGES.recoveryCodeWrong);

/** POST /two-factor-challenge: either a code from the app or one recovery code. */
export const twoFactorChallengeSchema = z
  .object({ code: z.unknown().optional(), recovery_code: z.unknown().optional() })
  .transform((value, ctx) => {
    const useRecovery = value.recovery_code !== undefined && value.recovery_code !== null && value.recovery_code !== '';
    const parsed = useRecovery
      ? recoveryCodeField.safeParse(value.recovery_code)
      : twoFactorCodeField.safeParse(value.code ?? '');
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: [useRecovery ? 'recovery_code' : 'code'],
        message: parsed.error.issues[0]!.message,
      });
      return z.NEVER;
    }
    return useRecovery ? { recovery_code: parsed.data } : { code: parsed.data };
  });
export type TwoFactorChallengeInput =
  { code: string; recovery_code?: undefined } | { recovery_code: string; code?: undefined };

/** POST /user/confirmed-two-factor-authentication. */
export const confirmTwoFactorSchema = z.object({ code: twoFactorCodeField });
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** DELETE /user/two-factor-authentication and POST /user/two-factor-recovery-codes need the password. */
export const twoFactorPasswordSchema = z.object({
  password: z.string({ error: TWO_FACTOR_MESSAGES.passwordRequired }).min(1, TWO_FACTOR_MESSAGES.passwordRequired),
});
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordSchema>;

/** GET /user/two-factor-authentication. `pending`: set-up started, no code confirmed yet. */
export interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  confirmed_at: string | null;
  recovery_codes_left: number;
}

/** POST /user/two-factor-authentication: shown while setting up, never again once confirmed. */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  /** A PNG data URL of the otpauth URL's QR code. */
  qr_code: string;
}

export interface RecoveryCodesResponse {
  message: string;
  data: { recovery_codes: string[] };
}
