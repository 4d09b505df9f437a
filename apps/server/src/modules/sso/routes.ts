import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LINK_SIGN_IN_RATE_LIMITS, outboundSsoSchema } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { setSessionCookie } from '../../http/session.js';
import { signOut } from '../auth/service.js';
import { assertUnderLimits, recordHits } from '../throttle/service.js';
import { givingConfig, outboundSsoUrl, signInWithSsoToken } from './service.js';

/** The SPA page that explains a refused sign-in link (?reason=expired|used|invalid|unknown-user|not-configured). */
export const SSO_REFUSED_PAGE = '/sso/refused';
const AFTER_SIGN_IN = '/dashboard';

const inboundQuery = z.object({ token: z.string().max(4096).optional() });

/** Single sign-on with the giving product, both directions (SPEC §1, §7). */
export async function ssoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify.deps;

  /** Public: the user menu's '{product}', the mobile header's link, and whether SSO is set up. */
  app.get('/api/sso/config', async () => ({ data: givingConfig(config) }));

  app.post('/api/outbound-sso', { onRequest: requireUser, schema: { body: outboundSsoSchema } }, async (request) => ({
    data: await outboundSsoUrl(config, orgOf(request), userOf(request), request.body.app),
  }));

  app.get('/sso/login', { schema: { querystring: inboundQuery } }, async (request, reply) => {
    const org = orgOf(request);
    // Refused links (bad signature, expired, used, unknown person) count per IP; past the limit every try is a 429.
    const limits = [{ key: `sso-login:ip:${org.id}:${request.ip}`, ...LINK_SIGN_IN_RATE_LIMITS.ssoLogin }];
    await assertUnderLimits(db, limits);
    const result = await signInWithSsoToken(db, config, org, request.query.token ?? '', {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    });
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!result.ok) {
      await recordHits(db, limits);
      return reply.redirect(`${SSO_REFUSED_PAGE}?reason=${result.reason}`);
    }
    if (request.auth) await signOut(db, request.auth.sessionId);
    setSessionCookie(fastify, reply, result.sessionToken);
    return reply.redirect(AFTER_SIGN_IN);
  });
}
