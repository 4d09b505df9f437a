import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@wallet/contract';
import { freePort } from '../db/embedded-postgres.js';

/**
 * A second, real server process (`node --import tsx apps/server/src/main.ts`) on an existing database, for tests
 * and the bench that prove N processes on one PostgreSQL just work (ARCHITECTURE.md D12). It never starts an embedded
 * PostgreSQL: DATABASE_URL is required.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** What the process printed (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after a grace period; removes the process's DATA_DIR. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash: no shutdown hook runs); resolves when it has exited and its DATA_DIR is gone. */
  kill(): Promise<void>;
  /** True while the process runs. */
  alive(): boolean;
  /** Resolves when the process has exited by itself, with its exit code (null when a signal ended it). */
  exited(): Promise<number | null>;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startServerProcess(
  env: { DATABASE_URL: string } & Record<string, string>,
  options: {
    timeoutMs?: number;
    /** Extra node flags (e.g. --cpu-prof). */
    nodeArgs?: string[];
    /** Listen here (a process restarted where a load balancer expects it); default a free port. */
    port?: number;
    /**
     * 'built': apps/server/dist/main.js, as production runs it (`npm run build -w apps/server` first); `{ main }`: a
     * main.js built elsewhere (apps/server/build.mjs <folder>, three levels under the repository like dist/).
     */
    entry?: 'source' | 'built' | { main: string };
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wallet-server-process-'));
  const entry =
    options.entry === 'built'
      ? ['apps/server/dist/main.js']
      : typeof options.entry === 'object'
        ? [options.entry.main]
        : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (!exited(child)) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, 15_000))) {
          child.kill('SIGKILL');
          await waitForExit(child, 5_000);
        }
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    })());

  const kill = () =>
    (stopping ??= (async () => {
      if (!exited(child)) {
        child.kill('SIGKILL');
        await waitForExit(child, 10_000);
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    })());

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exited(child)) {
      await stop();
      throw new Error(
        `the server process exited before it was healthy (code ${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    const healthy = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server process did not answer /healthz in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    output: () => output,
    stop,
    kill,
    alive: () => !exited(child),
    exited: () => exit,
  };
}

/**
 * A browser stand-in over real HTTP (fetch): keeps cookies and echoes XSRF-TOKEN like the SPA. fetch cannot set
 * Host, so the server picks the organisation from DEFAULT_ORG (127.0.0.1 is an IP address).
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  /** When set, a request that has no answer within this time fails (as a network error would). */
  timeoutMs: number | undefined;

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; json: () => unknown; text: string }> {
    if (method !== 'GET' && !this.cookies.has(CSRF_COOKIE)) await this.request('GET', '/sanctum/csrf-cookie');
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') headers[CSRF_HEADER] = decodeURIComponent(this.cookies.get(CSRF_COOKIE) ?? '');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const signal = this.timeoutMs === undefined ? undefined : AbortSignal.timeout(this.timeoutMs);
    const response = await fetch(this.baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (attribute) =>
          /^\s*expires=/i.test(attribute) && new Date(attribute.split('=')[1] ?? '').getTime() <= Date.now(),
      );
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as unknown };
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }

  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }

  async signIn(email: string, password: string) {
    const response = await this.post('/login', { email, password });
    if (response.status !== 200) throw new Error(`sign-in failed for ${email}: ${response.status} ${response.text}`);
    return this;
  }
}
