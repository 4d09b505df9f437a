import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { healthSchema } from '@wallet/contract';
import type { AppDeps } from './http/context.js';
import type { TrustProxy } from './config.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerTenancy } from './http/tenancy.js';
import { registerCsrf } from './http/csrf.js';
import { registerSessions } from './http/session.js';
import { registerSpa } from './http/spa.js';
import { registerCompression } from './http/compression.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerHealth } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { loggerOptions } from './http/logging.js';
import { registerOpenApi } from './http/openapi.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { registerTextInputGuard } from './http/text-input.js';
import { authRoutes } from './modules/auth/routes.js';
import { receiptRoutes } from './modules/receipts/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { namesOfUsers } from './modules/users/service.js';
import { avatarRoutes } from './modules/users/avatar-routes.js';
import { teamsRoutes } from './modules/teams/routes.js';
import { mailboxRoutes } from './modules/mail/routes.js';
import { cardsRoutes } from './modules/cards/routes.js';
import { termsRoutes } from './modules/cards/terms-routes.js';
import { fundingRoutes } from './modules/funding/routes.js';
import { expensesRoutes } from './modules/expenses/routes.js';
import { simulatorRoutes } from './modules/simulator/routes.js';
import { stripeWebhookRoutes } from './modules/webhooks/routes.js';
import { walletCategoryRoutes } from './modules/wallet-categories/routes.js';
import { purchaseRequestRoutes } from './modules/purchase-requests/routes.js';
import { recurringRoutes } from './modules/recurring/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { twoFactorRoutes } from './modules/two-factor/routes.js';
import { oidcRoutes } from './modules/oidc/routes.js';
import { registrationRequestRoutes } from './modules/registration-requests/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { organizationRoutes } from './modules/orgs/routes.js';
import { passwordResetRoutes } from './modules/password-reset/routes.js';
import { liveRoutes } from './modules/live/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { cardSettingsRoutes } from './modules/card-settings/routes.js';
import { monthCloseRoutes } from './modules/month-close/routes.js';
import { LiveHub } from './modules/live/hub.js';
import { startPurchaseNotifier } from './modules/authorizations/service.js';
import { authorizationRoutes } from './modules/authorizations/routes.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** A hop count trusts that many proxies nearest the server (Fastify's typings take it as a function). */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * The Fastify instance with everything registered in order: infrastructure (errors, cookies, headers),
 * request context (tenancy, CSRF, session), then the feature routes, then the SPA fallback.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    logController: new LogController({ disableRequestLogging: !deps.config.LOG_REQUESTS }),
  });
  app.decorate('deps', deps);
  // Live updates: started here when the caller gave none (tests); jobs started after buildApp publish through it too.
  const ownsLive = !deps.live;
  const live = (deps.live ??= new LiveHub(deps.db, deps.directDatabaseUrl ?? deps.databaseUrl));
  if (ownsLive) app.addHook('onClose', () => live.close());
  // Cardholders hear of their purchases (authorizations/purchase-notifier.ts); it stops when the app closes.
  if (deps.config.PURCHASE_NOTIFIER) {
    const notifier = startPurchaseNotifier(deps.db, (message) => app.log.warn(message));
    app.addHook('onClose', () => notifier.stop());
  }
  app.setValidatorCompiler(validatorCompiler);
  // Outside production an answer whose response schema drops a field fails loudly (tests, e2e, development).
  app.setSerializerCompiler(responseSerializerCompiler(deps.config.NODE_ENV !== 'production'));
  registerErrorHandler(app);
  // JSON answers over a threshold go brotli/gzip-compressed; streams (exports) never; the web app's files at build time.
  registerCompression(app);

  await app.register(fastifyCookie);
  // With ISSUER=stripe the card page loads Stripe.js for Issuing Elements: its script and iframes from js.stripe.com,
  // its calls to api.stripe.com (Stripe.js's documented CSP). Nothing of Stripe's is allowed otherwise.
  const stripeJs = deps.config.ISSUER === 'stripe';
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripeJs ? ['https://js.stripe.com'] : [])],
        ...(stripeJs ? { frameSrc: ['https://js.stripe.com'] } : {}),
        // antd writes its CSS-in-JS into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(stripeJs ? ['https://api.stripe.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: deps.config.COOKIE_SECURE ? [] : null,
      },
    },
    // Strict-Transport-Security is set below, per request: only over HTTPS (browsers ignore it on http anyway).
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (deps.config.COOKIE_SECURE || request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  registerTenancy(app);
  registerCsrf(app);
  registerSessions(app);
  registerTextInputGuard(app);

  await registerOpenApi(app);
  app.get('/healthz', { schema: { hide: true, response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  registerHealth(app);
  registerMetrics(app);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(avatarRoutes);
  await app.register(teamsRoutes);
  await app.register(mailboxRoutes);
  await app.register(cardsRoutes);
  await app.register(termsRoutes);
  await app.register(fundingRoutes);
  await app.register(expensesRoutes);
  await app.register(receiptRoutes);
  await app.register(simulatorRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(walletCategoryRoutes);
  await app.register(purchaseRequestRoutes);
  await app.register(recurringRoutes);
  await app.register(analyticsRoutes);
  await app.register(twoFactorRoutes);
  await app.register(oidcRoutes);
  await app.register(registrationRequestRoutes);
  // The audit log names its actors through users, which itself records audit entries: wired here, one way each.
  await app.register(auditRoutes, { actorNames: namesOfUsers });
  await app.register(ssoRoutes);
  await app.register(organizationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(liveRoutes, { hub: live });
  await app.register(notificationRoutes);
  await app.register(authorizationRoutes);
  await app.register(cardSettingsRoutes);
  await app.register(monthCloseRoutes);

  await registerSpa(app);
  return app;
}
