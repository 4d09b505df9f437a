import { z } from 'zod';

/** Field builders with the messages both sides show (PRODUCT.md §5). `label` is how the field is named in a message. */
export const MAX_STRING_LENGTH = 255;

export function requiredString(label: string, max = MAX_STRING_LENGTH) {
  return z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);
}

/** Optional text: '' and null both mean "none" and are stored as null. */
export function optionalString(label: string, max = MAX_STRING_LENGTH) {
  return z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function emailField(label = 'email') {
  return z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(MAX_STRING_LENGTH, `The ${label} may not be greater than ${MAX_STRING_LENGTH} characters.`)
    .pipe(z.email({ error: `The ${label} must be a valid email address.` }));
}

/** A positive integer id from a path or body ("12" or 12). */
export const idSchema = z.coerce
  .number({ error: 'The id must be a number.' })
  .int('The id must be a whole number.')
  .positive('The id must be positive.')
  .max(Number.MAX_SAFE_INTEGER, 'The id is too large.');
