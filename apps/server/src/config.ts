import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_IDLE_MINUTES, GIVING_PRODUCT_NAME, LIVE_STREAM_SECONDS } from '@wallet/contract';

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
  /** An external PostgreSQL (or a PgBouncer in transaction pooling mode in front of it); when set nothing embedded starts. */
  DATABASE_URL: z.string().optional(),
  /**
   * The same database without a pooler in between, for what needs a session of its own: migrations and the job
   * queue (pg-boss). Default DATABASE_URL. Set it when DATABASE_URL goes through PgBouncer (OPERATIONS.md).
   */
  DATABASE_DIRECT_URL: z.string().optional(),
  /** Port for the embedded PostgreSQL; 0 picks a free one at each start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * Where people reach the app: scheme, domain and optional port (https://wallet.example.com). Every link the
   * server writes (mails, callbacks) is built from it and an organisation's slug, never from request headers.
   * Default http://<APP_DOMAIN>:<PORT>.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://wallet.example.com' })
    .optional(),
  /** Tenancy: the label in front of APP_DOMAIN selects the organisation (ARCHITECTURE.md D5). Default: PUBLIC_URL's host, else localhost. */
  APP_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
      'must be a domain name such as wallet.example.com',
    )
    .optional(),
  DEFAULT_ORG: z.string().default('demo'),
  /** IP addresses the app also answers on (as DEFAULT_ORG), comma-separated; any other Host is refused. */
  SERVED_IPS: z.string().default('127.0.0.1,::1'),
  /** Seed the demo organisation on first start; off by default in production. */
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  /** Minutes a session may be idle before it ends. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(DEFAULT_SESSION_IDLE_MINUTES),
  /** Mark cookies Secure (set when served over HTTPS). */
  COOKIE_SECURE: booleanFlag(false),
  /**
   * Which reverse proxies' X-Forwarded-* to believe: `false` (none), a hop count (1 = the one proxy in front),
   * or a comma list of proxy addresses/CIDRs. `true` (believe any client) is refused.
   */
  TRUST_PROXY: z.string().optional(),
  /** Folder of the built web app served as the SPA. */
  WEB_DIST: z.string().optional(),
  /** Log one line per request (off by default; errors are always logged). */
  LOG_REQUESTS: booleanFlag(false),
  /**
   * Tell cardholders of their purchases (authorizations/purchase-notifier.ts). On by default; unit tests turn it off
   * (test/context.ts) unless they test it, so its background writes never race another test's row counts.
   */
  PURCHASE_NOTIFIER: booleanFlag(true),
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); without it mail stays in the outbox at /dev/mailbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Spend Wallet <no-reply@wallet.localhost>'),
  /**
   * The receipt inbox by mail: an SMTP port taking receipts@<organisation's host> (modules/receipts/mail-inbox.ts);
   * unset, none is opened. It listens on HOST; put the organisation's mail relay in front (OPERATIONS.md).
   */
  RECEIPTS_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The card issuer: the built-in simulator, or Stripe Issuing through the official SDK. */
  ISSUER: z.enum(['simulator', 'stripe']).default('simulator'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe.js's publishable key (pk_live_/pk_test_): the browser shows card numbers with Issuing Elements. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(live|test)_\w+$/, 'must be a Stripe publishable key (pk_live_... or pk_test_...)')
    .optional(),
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
  /** On SIGTERM/SIGINT, seconds in-flight requests may take to finish before their connections are closed. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(10),
  /**
   * On SIGTERM/SIGINT, seconds the process keeps serving with readiness false before it stops listening, so a load
   * balancer checking GET /readyz takes it out of rotation first (0: stop listening at once).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).default(0),
  /** Seconds the database may stay unreachable before the process exits non-zero (readiness is false at once). */
  DATABASE_LOST_EXIT_SECONDS: z.coerce.number().min(1).default(30),
  /** Seconds one live-event stream (GET /api/events) lasts before the browser reconnects and its session is checked. */
  LIVE_STREAM_SECONDS: z.coerce.number().min(0).default(LIVE_STREAM_SECONDS),
  /** Bearer token that opens GET /metrics (Prometheus); without it /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

type ParsedEnv = z.infer<typeof envSchema>;

export type TrustProxy = false | number | string[];

export type Config = Omit<ParsedEnv, 'APP_DOMAIN' | 'SEED_DEMO' | 'TRUST_PROXY' | 'PUBLIC_URL' | 'SERVED_IPS'> & {
  APP_DOMAIN: string;
  /** The configured public address: protocol, domain (APP_DOMAIN) and port; links are built from it only. */
  PUBLIC_URL: string;
  SERVED_IPS: string[];
  SEED_DEMO: boolean;
  TRUST_PROXY: TrustProxy;
  dataDir: string;
  webDist: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  const problems: string[] = [];
  const trustProxy = parseTrustProxy(config.TRUST_PROXY, problems);
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
  const appDomain = config.APP_DOMAIN ?? publicUrl?.hostname ?? 'localhost';
  const publicOrigin = publicUrl ?? new URL(`http://${appDomain}:${config.PORT}`);
  if (publicUrl && publicUrl.hostname !== appDomain)
    problems.push(`PUBLIC_URL: its host ${publicUrl.hostname} must be APP_DOMAIN (${appDomain})`);
  if (publicUrl && (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash || publicUrl.username)) {
    problems.push('PUBLIC_URL: only a scheme, a domain and a port (no path, query or user)');
  }
  if (config.DATABASE_DIRECT_URL && !config.DATABASE_URL)
    problems.push('DATABASE_DIRECT_URL: set DATABASE_URL too (the direct URL is for the same database)');
  const servedIps = config.SERVED_IPS.split(',')
    .map((ip) => ip.trim().replace(/^\[|\]$/g, ''))
    .filter(Boolean);
  for (const ip of servedIps) if (!net.isIP(ip)) problems.push(`SERVED_IPS: ${ip} is not an IP address`);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    ...config,
    APP_DOMAIN: appDomain,
    PUBLIC_URL: publicOrigin.origin,
    SERVED_IPS: servedIps,
    SEED_DEMO:
      config.SEED_DEMO === undefined
        ? config.NODE_ENV !== 'production'
        : ['true', '1', 'yes'].includes(config.SEED_DEMO),
    TRUST_PROXY: trustProxy,
    dataDir: path.resolve(config.DATA_DIR),
    webDist: path.resolve(config.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  };
}

/** TRUST_PROXY as Fastify takes it: false, a hop count, or the proxies' addresses and CIDRs. */
function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (['', 'false', '0', 'no'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) {
    problems.push(
      'TRUST_PROXY: "true" would believe any X-Forwarded-For a client writes; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.168.1.5)',
    );
    return false;
  }
  if (/^\d+$/.test(text)) return Number(text);
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const proxy of proxies) {
    const [address, bits, ...rest] = proxy.split('/');
    const family = net.isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || rest.length > 0)
      problems.push(`TRUST_PROXY: ${proxy} is not a hop count, an IP address or a CIDR`);
  }
  return proxies;
}
