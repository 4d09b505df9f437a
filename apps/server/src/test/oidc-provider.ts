import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider, { type ProviderContext } from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 and a free port, standing in for Google in
 * tests: discovery, authorization with PKCE, the token endpoint and signed ID tokens, all real.
 *
 * Anyone may sign in with any password at its login page (devInteractions); the login is the email. The ID token
 * carries email, email_verified and names like Google's: 'new.person@x.test' is New Person; an email whose local
 * part contains '+unverified' comes with email_verified false. Consent is given automatically (first-party client).
 *
 * Run as a script (`node --import tsx apps/server/src/test/oidc-provider.ts <redirect uri>...`) it prints one
 * JSON line {issuer, clientId, clientSecret} and serves until killed; the e2e harness uses it that way.
 */

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The server's env for Google sign-in against this provider. */
  env: { OIDC_ISSUER_URL: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  close(): Promise<void>;
}

const SCOPE = 'openid email profile';

function capitalised(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/** The claims of an account: its id is the email typed at the login page. */
export function claimsOf(accountId: string) {
  const email = accountId.trim().toLowerCase();
  const local = email.split('@')[0]!.split('+')[0]!;
  const [given = local, ...family] = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map(capitalised);
  return {
    sub: email,
    email,
    email_verified: !email.split('@')[0]!.includes('+unverified'),
    given_name: given,
    family_name: family.join(' ') || 'Tester',
    name: [given, ...family].join(' '),
  };
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<OidcTestProvider> {
  const clientId = options.clientId ?? 'wallet-test-client';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // Like Google: the ID token itself carries the email and names.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => claimsOf(id) }),
    // A first-party client: consent is implied, so the login page is the only interaction.
    loadExistingGrant: async (ctx: ProviderContext) => {
      const { client, session, result, provider: self } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
  });
  // Errors the provider answers (a bad request) are not failures of the helper.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny browser for the provider's pages in server tests: follows its redirects, keeping its cookies. */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  private async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value && !/expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return response;
  }

  /**
   * Opens the authorization URL, signs in as `email` at the provider's login page and follows the provider's
   * redirects until it sends the browser away from itself; returns that URL (the app's callback with the code).
   */
  async signIn(authorizationUrl: string, email: string): Promise<URL> {
    const issuerOrigin = new URL(authorizationUrl).origin;
    let response = await this.fetch(authorizationUrl);
    let loggedIn = false;
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, issuerOrigin);
        if (next.origin !== issuerOrigin) return next;
        response = await this.fetch(next.href);
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (response.status !== 200 || !action || loggedIn)
        throw new Error(`the provider answered ${response.status}: ${page.slice(0, 500)}`);
      loggedIn = true;
      response = await this.fetch(new URL(action, issuerOrigin).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: email, password: 'any-password' }).toString(),
      });
    }
    throw new Error('the provider kept redirecting');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const redirectUris = process.argv.slice(2);
  if (redirectUris.length === 0) {
    console.error('usage: oidc-provider.ts <redirect uri>...');
    process.exit(2);
  }
  const provider = await startOidcProvider({ redirectUris });
  console.log(
    JSON.stringify({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret }),
  );
  const stop = () => void provider.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
