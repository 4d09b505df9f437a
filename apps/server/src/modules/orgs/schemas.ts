import { z } from 'zod';

export const orgSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
    'The slug may hold only lowercase letters, digits and inner hyphens (1-63 characters).',
  );

export const orgNameSchema = z
  .string()
  .trim()
  .min(1, 'The name is required.')
  .max(255, 'The name may not be greater than 255 characters.');
