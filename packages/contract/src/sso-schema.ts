import { z } from 'zod';
import { SSO_APPS } from './sso.js';

// Apart from sso.ts so the web pages that only need the SSO texts don't load zod.
export const outboundSsoSchema = z.object({
  app: z.enum(SSO_APPS, { error: `The app must be one of ${SSO_APPS.join(', ')}.` }),
});
