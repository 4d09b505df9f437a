import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  TWO_FACTOR_MESSAGES,
  confirmTwoFactorSchema,
  twoFactorChallengeSchema,
  twoFactorPasswordSchema,
  type LoginResponse,
  type RecoveryCodesResponse,
  errorResponses,
  loginResponseSchema,
  messageSchema,
  recoveryCodesResponseSchema,
  twoFactorSetupItemSchema,
  twoFactorStatusItemSchema,
} from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { assertRecentPassword, requireUser } from '../../http/guards.js';
import { setSessionCookie } from '../../http/session.js';
import { completeTwoFactorSignIn } from '../auth/service.js';
import { challengeTokenOf, clearChallengeCookie } from '../../http/two-factor-challenge-cookie.js';
import { confirmSetup, disable, regenerateRecoveryCodes, startSetup, twoFactorStatus } from './service.js';

/** Two-factor sign-in: the challenge after a right password, and the account page's set-up and switch-off. */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  /** {code} or {recovery_code} for the pending sign-in of the challenge cookie; opens the session. */
  app.post(
    '/two-factor-challenge',
    { schema: { body: twoFactorChallengeSchema, response: { 200: loginResponseSchema, ...errorResponses(401, 429) } } },
    async (request, reply): Promise<LoginResponse> => {
      const token = await completeTwoFactorSignIn(
        db,
        orgOf(request).id,
        { token: challengeTokenOf(request), input: request.body },
        { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null },
        request.auth?.sessionId ?? null,
      );
      setSessionCookie(fastify, reply, token);
      clearChallengeCookie(fastify, reply);
      return { message: MESSAGES.loggedIn, two_factor: false };
    },
  );

  app.get(
    '/user/two-factor-authentication',
    { onRequest: requireUser, schema: { response: { 200: twoFactorStatusItemSchema } } },
    async (request) => ({
      data: await twoFactorStatus(db, orgOf(request).id, userOf(request).id),
    }),
  );

  /** Starts setting up: the secret, its otpauth URL and QR code (shown until confirmed, never after). */
  app.post(
    '/user/two-factor-authentication',
    { onRequest: requireUser, schema: { response: { 201: twoFactorSetupItemSchema, ...errorResponses(409, 423) } } },
    async (request, reply) => {
      // A borrowed session must not be able to put its own authenticator on the account.
      assertRecentPassword(request);
      const data = await startSetup(db, orgOf(request), userOf(request));
      return reply.code(201).send({ data });
    },
  );

  app.post(
    '/user/confirmed-two-factor-authentication',
    {
      onRequest: requireUser,
      schema: {
        body: confirmTwoFactorSchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses(409, 429) },
      },
    },
    async (request): Promise<RecoveryCodesResponse> => {
      const codes = await confirmSetup(db, orgOf(request).id, userOf(request), request.body.code, request.ip);
      return { message: TWO_FACTOR_MESSAGES.enabled, data: { recovery_codes: codes } };
    },
  );

  app.delete(
    '/user/two-factor-authentication',
    { onRequest: requireUser, schema: { body: twoFactorPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await disable(db, orgOf(request).id, userOf(request), request.body.password);
      return { message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  app.post(
    '/user/two-factor-recovery-codes',
    {
      onRequest: requireUser,
      schema: { body: twoFactorPasswordSchema, response: { 200: recoveryCodesResponseSchema, ...errorResponses(409) } },
    },
    async (request): Promise<RecoveryCodesResponse> => {
      const codes = await regenerateRecoveryCodes(db, orgOf(request).id, userOf(request), request.body.password);
      return { message: TWO_FACTOR_MESSAGES.recoveryCodesRegenerated, data: { recovery_codes: codes } };
    },
  );
}
