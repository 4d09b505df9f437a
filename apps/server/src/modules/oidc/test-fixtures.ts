import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { GOOGLE_SIGN_IN_PATHS } from '@wallet/contract';
import type { TestClient } from '../../test/client.js';
import { useTestApp } from '../../test/context.js';
import { makeOrganization } from '../../test/factories.js';
import { ProviderBrowser, startOidcProvider, type OidcTestProvider } from '../../test/oidc-provider.js';

/**
 * A test app whose Google sign-in goes to a real OpenID provider on loopback. The provider knows the callbacks of
 * `organisations` organisation hosts chosen up front; `organization()` creates the next one (a fresh one per test).
 */
export function useGoogleTestApp(organisations = 20) {
  const slugs = Array.from({ length: organisations }, () => `gs-${randomBytes(4).toString('hex')}`);
  const env: Record<string, string> = {};
  const state: { provider?: OidcTestProvider } = {};
  // Registered before useTestApp's own beforeAll, so the app starts with the provider's settings.
  beforeAll(async () => {
    state.provider = await startOidcProvider({
      redirectUris: [...slugs].map((slug) => `http://${slug}.localhost${GOOGLE_SIGN_IN_PATHS.callback}`),
    });
    Object.assign(env, state.provider.env);
  });
  afterAll(async () => state.provider?.close());
  const ctx = useTestApp(env);
  return {
    ctx,
    provider: () => state.provider!,
    organization: () => {
      const slug = slugs.shift();
      if (!slug) throw new Error(`useGoogleTestApp(${organisations}): every organisation host is used; ask for more`);
      return makeOrganization(ctx.db, slug);
    },
  };
}

/** GET /oauth/google/redirect: the provider's authorization URL (the app keeps the sign-in under a cookie). */
export async function startSignIn(client: TestClient): Promise<URL> {
  const response = await client.get(GOOGLE_SIGN_IN_PATHS.redirect);
  expect(response.statusCode, response.body).toBe(302);
  return new URL(response.headers.location!);
}

/** The whole flow: start at the app, sign in at the provider as `email`, come back; returns the callback's answer. */
export async function googleSignIn(client: TestClient, email: string) {
  const authorizationUrl = await startSignIn(client);
  const callback = await new ProviderBrowser().signIn(authorizationUrl.href, email);
  expect(callback.pathname).toBe(GOOGLE_SIGN_IN_PATHS.callback);
  expect(callback.host).toBe(client.host);
  return client.get(`${callback.pathname}${callback.search}`);
}
