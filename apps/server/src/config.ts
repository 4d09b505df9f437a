import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_IDLE_MINUTES, GIVING_PRODUCT_NAME } from '@wallet/contract';

/**
 * Every environment variable the server reads, parsed and documented in one place.
 * README.md's configuration table mirrors this file.
 */
const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface the HTTP server binds to; loopback unless deliberately exposed. */
  HOST: z.string().default('127.0.0.1'),
  /** Folder for the embedded PostgreSQL cluster and uploaded files. */
  DATA_DIR: z.string().default('./data'),
  /** An external PostgreSQL; when set nothing embedded starts. */
  DATABASE_URL: z.string().optional(),
  /** Port for the embedded PostgreSQL; 0 picks a free one at each start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Tenancy: the label in front of APP_DOMAIN selects the organisation (DESIGN §5). */
  APP_DOMAIN: z.string().default('localhost'),
  DEFAULT_ORG: z.string().default('demo'),
  /** Seed the demo organisation on first start. */
  SEED_DEMO: booleanFlag(true),
  /** Minutes a session may be idle before it ends. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(DEFAULT_SESSION_IDLE_MINUTES),
  /** Mark cookies Secure (set when served over HTTPS). */
  COOKIE_SECURE: booleanFlag(false),
  /** Trust X-Forwarded-* from a reverse proxy in front of the server. */
  TRUST_PROXY: booleanFlag(false),
  /** Folder of the built web app served as the SPA. */
  WEB_DIST: z.string().optional(),
  /** Log one line per request (off by default; errors are always logged). */
  LOG_REQUESTS: booleanFlag(false),
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); without it mail stays in the outbox at /dev/mailbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Spend Wallet <no-reply@wallet.localhost>'),
  /** The card issuer: the built-in simulator, or Stripe Issuing through the official SDK. */
  ISSUER: z.enum(['simulator', 'stripe']).default('simulator'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Point the Stripe SDK elsewhere (tests use a local fake of the Stripe API). */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** The companion giving product: its address (the mobile header links to it; SSO goes to GIVING_URL/sso/login). */
  GIVING_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** Shared HS256 secret of the single-sign-on tokens, both directions; at least 32 characters. SSO is off without it. */
  GIVING_SSO_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Fills '{product}' of the user menu's 'SSO To {product} Giving'. */
  GIVING_PRODUCT_NAME: z.string().trim().min(1).default(GIVING_PRODUCT_NAME),
  /** Google sign-in (OpenID Connect code flow with PKCE): offered when all three are set. */
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string; webDist: string };

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    webDist: path.resolve(config.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  };
}
