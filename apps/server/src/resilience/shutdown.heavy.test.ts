import net from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@wallet/contract';
import { freshDatabase } from '../test/database.js';
import { makeOrganization } from '../test/factories.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { startKillableCluster } from './postgres-cluster.js';

/**
 * Issue 19 point 5 on real processes: SIGTERM lets the request in flight finish and exits 0; a database lost for
 * good makes the process not ready at once and then end, instead of answering 500s while looking alive.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse())
    await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
});

async function started(env: { DATABASE_URL: string } & Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env, { timeoutMs: 90_000 });
  cleanups.push(() => server.stop());
  return server;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GET /readyz: its status, or 'refused' when no connection is accepted any more. */
const readiness = (server: ServerProcess) =>
  fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
    async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
    () => 'refused' as const,
  );

/**
 * A sign-in whose body is held back: with Expect: 100-continue the server answers "100 Continue" once it has the
 * request (the request is then in flight in Fastify), and the body is sent only when the test says so.
 */
function heldBackSignIn(server: ServerProcess) {
  const port = Number(new URL(server.baseUrl).port);
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
  const head = [
    'POST /login HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    'Accept: application/json',
    `Cookie: ${CSRF_COOKIE}=held-back-token`,
    `${CSRF_HEADER}: held-back-token`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Expect: 100-continue',
    'Connection: close',
  ].join('\r\n');
  const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const answer = new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
  return {
    inFlight: () => received.startsWith('HTTP/1.1 100 Continue'),
    sendBody: () => socket.write(body),
    /** The final status line's code. */
    status: async () =>
      Number(/HTTP\/1\.1 ([2-5]\d\d)/.exec((await answer).replace(/^HTTP\/1\.1 100[^\n]*\n\r?\n/, ''))?.[1]),
  };
}

describe('shutdown and a lost database (real server processes)', () => {
  it('SIGTERM: not ready at once, no new connections, the request in flight finishes, then exit 0', async () => {
    const database = await freshDatabase(inject('pgAdminUrl'));
    cleanups.push(() => database.drop());
    const { organization } = await makeOrganization(database.db);
    const server = await started({
      DATABASE_URL: database.url,
      DEFAULT_ORG: organization.slug,
      SHUTDOWN_GRACE_SECONDS: '10',
    });
    expect(await readiness(server)).toEqual({ status: 200, body: { status: 'ready' } });

    const signIn = heldBackSignIn(server);
    await until(signIn.inFlight, 'the sign-in is in flight');
    process.kill(server.pid, 'SIGTERM');
    await until(() => server.output().includes('Shutting down (SIGTERM)'), 'the server begins its shutdown');
    const during = await readiness(server);
    expect(during === 'refused' || during.status === 503).toBe(true);

    signIn.sendBody();
    // Unknown credentials: the request ran to its end, looking the account up in the database.
    expect(await signIn.status()).toBe(422);
    expect(await server.exited()).toBe(0);
  });

  it('the database killed for good: not ready at once, then the process exits non-zero', async () => {
    const cluster = await startKillableCluster();
    cleanups.push(() => cluster.destroy());
    const server = await started({
      DATABASE_URL: cluster.url,
      DATABASE_LOST_EXIT_SECONDS: '2',
      SHUTDOWN_GRACE_SECONDS: '1',
    });
    expect(await readiness(server)).toEqual({ status: 200, body: { status: 'ready' } });

    await cluster.kill();
    const seen: unknown[] = [];
    await until(async () => {
      const state = await readiness(server);
      seen.push(state);
      return state !== 'refused' && state.status === 503;
    }, 'readiness reports the database');
    expect(seen.at(-1)).toEqual({ status: 503, body: { status: 'not_ready', failed: 'database' } });

    const code = await server.exited();
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(server.output()).toContain('The database has been unreachable');
  });
});
