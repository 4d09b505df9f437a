import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * A real OpenID provider on loopback for Google sign-in in the browser: apps/server/src/test/oidc-provider.ts run
 * as its own process (anyone signs in at its login page with any password; the login is the email). The server
 * gets its settings through OIDC_* in its environment.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 30_000;

export interface RunningOidcProvider {
  issuer: string;
  /** OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for the server. */
  env: Record<string, string>;
  output(): string;
  stop(): Promise<void>;
}

export async function startOidcProvider(redirectUris: string[]): Promise<RunningOidcProvider> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/oidc-provider.ts', ...redirectUris], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const settings = await new Promise<{ issuer: string; clientId: string; clientSecret: string }>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error(`the OpenID provider did not start within ${START_TIMEOUT_MS / 1000} s\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((each) => each.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as { issuer: string; clientId: string; clientSecret: string });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the OpenID provider exited (${code})\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return {
    issuer: settings.issuer,
    env: {
      OIDC_ISSUER_URL: settings.issuer,
      OIDC_CLIENT_ID: settings.clientId,
      OIDC_CLIENT_SECRET: settings.clientSecret,
    },
    output: () => output,
    stop,
  };
}
