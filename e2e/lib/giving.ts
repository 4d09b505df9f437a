import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { SignJWT, jwtVerify } from 'jose';

/**
 * The companion giving product, as far as single sign-on goes, on loopback: its /sso/login checks the wallet's
 * token on its own (jose, the secret both sides share) and says whom it signed in; `tokenFor` makes the tokens it
 * would send the other way. The server gets GIVING_URL, GIVING_SSO_SECRET and GIVING_PRODUCT_NAME from `env`.
 */

export const GIVING_PRODUCT = 'Hope';
// The parties the wallet's tokens name (apps/server/src/modules/sso/tokens.ts), written out here on purpose:
// this side checks the wallet's tokens the way an independent product would.
const WALLET_PARTY = 'spend-wallet';
const GIVING_PARTY = 'giving';

export interface RunningGiving {
  url: string;
  env: Record<string, string>;
  /** A token the giving product would send the wallet for this email of organisation `org` (slug), `ageSeconds` old. */
  tokenFor(email: string, ageSeconds?: number, org?: string): Promise<string>;
  stop(): Promise<void>;
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

let running: RunningGiving | undefined;

/** The giving product the server of this run was started with (e2e/lib/server.ts starts it). */
export function givingProduct(): RunningGiving {
  if (!running) throw new Error('the giving product is not running (startServer starts it)');
  return running;
}

export async function startGiving(): Promise<RunningGiving> {
  const secret = randomBytes(32).toString('hex');
  const key = new TextEncoder().encode(secret);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://giving.local');
    const answer = (status: number, html: string) =>
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    if (url.pathname !== '/sso/login') return answer(200, page(`${GIVING_PRODUCT} Giving`, 'Welcome.'));
    jwtVerify(url.searchParams.get('token') ?? '', key, {
      algorithms: ['HS256'],
      issuer: WALLET_PARTY,
      audience: GIVING_PARTY,
      maxTokenAge: 60,
    }).then(
      ({ payload }) =>
        answer(
          200,
          page(
            `${GIVING_PRODUCT} Giving`,
            `Signed in as ${escapeHtml(String(payload.email))} of ${escapeHtml(String(payload.org))}`,
          ),
        ),
      (error: unknown) =>
        answer(401, page('Refused', escapeHtml(error instanceof Error ? error.message : String(error)))),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the giving product did not get a port');
  const url = `http://127.0.0.1:${address.port}`;

  const tokenFor = async (email: string, ageSeconds = 0, org = 'demo') => {
    const issuedAt = Math.floor(Date.now() / 1000) - ageSeconds;
    return new SignJWT({ email, org })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(GIVING_PARTY)
      .setAudience(WALLET_PARTY)
      .setSubject(email)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 60)
      .sign(key);
  };
  const giving: RunningGiving = {
    url,
    env: { GIVING_URL: url, GIVING_SSO_SECRET: secret, GIVING_PRODUCT_NAME: GIVING_PRODUCT },
    tokenFor,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (running === giving) running = undefined;
    },
  };
  running = giving;
  return giving;
}
