import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/context.js';
import { TEST_PASSWORD } from '../test/factories.js';
import { runCommand } from './commands.js';

const ctx = useTestApp();

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(ctx.db, argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const countOrgs = async () => (await ctx.db.selectFrom('organizations').select('id').execute()).length;
const countUsers = async () => (await ctx.db.selectFrom('users').select('id').execute()).length;

describe('cli org:create', () => {
  it('creates an organisation with a super-admin who can sign in on its host', async () => {
    const result = await run(
      'org:create',
      '--slug',
      'acme',
      '--name',
      'Acme Inc',
      '--admin-email',
      'boss@acme.test',
      '--admin-password',
      'secret-pass',
    );
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain("Created organisation 'acme' (Acme Inc) with super-admin boss@acme.test.");
    const client = await ctx.client('acme.localhost').signIn('boss@acme.test', 'secret-pass');
    expect((await client.get('/api/me')).json().data.roles).toEqual(['super-admin']);
  });

  it('refuses bad input with a clear message and a non-zero code, creating nothing', async () => {
    const orgs = await countOrgs();
    const users = await countUsers();
    const badSlug = await run(
      'org:create',
      '--slug',
      'Not A Slug!',
      '--name',
      'X',
      '--admin-email',
      'a@b.test',
      '--admin-password',
      'secret-pass',
    );
    expect(badSlug.code).toBe(1);
    expect(badSlug.err).toContain('--slug');
    const missing = await run('org:create', '--slug', 'beta');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('--name: is required');
    expect(missing.err).toContain('--admin-email: is required');
    const shortPassword = await run(
      'org:create',
      '--slug',
      'beta',
      '--name',
      'Beta',
      '--admin-email',
      'a@b.test',
      '--admin-password',
      '123',
    );
    expect(shortPassword.err).toContain('--admin-password: must be at least 6 characters');
    const unknownOption = await run('org:create', '--slug', 'beta', '--colour', 'red');
    expect(unknownOption.code).toBe(1);
    expect(unknownOption.err).toMatch(/Unknown option '--colour'/);
    expect(await countOrgs()).toBe(orgs);
    expect(await countUsers()).toBe(users);
  });

  it('refuses a taken slug without touching the existing organisation', async () => {
    await run(
      'org:create',
      '--slug',
      'taken',
      '--name',
      'First',
      '--admin-email',
      'one@taken.test',
      '--admin-password',
      'secret-pass',
    );
    const users = await countUsers();
    const again = await run(
      'org:create',
      '--slug',
      'taken',
      '--name',
      'Second',
      '--admin-email',
      'two@taken.test',
      '--admin-password',
      'secret-pass',
    );
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists');
    expect(await countUsers()).toBe(users);
  });
});

describe('cli user:create', () => {
  it('creates a user with the given role in the named organisation', async () => {
    await run(
      'org:create',
      '--slug',
      'gamma',
      '--name',
      'Gamma',
      '--admin-email',
      'admin@gamma.test',
      '--admin-password',
      'secret-pass',
    );
    const result = await run(
      'user:create',
      '--org',
      'gamma',
      '--email',
      'kim@gamma.test',
      '--first-name',
      'Kim',
      '--last-name',
      'Ng',
      '--role',
      'wallet-user',
      '--password',
      TEST_PASSWORD,
    );
    expect(result.code).toBe(0);
    const client = await ctx.client('gamma.localhost').signIn('kim@gamma.test', TEST_PASSWORD);
    expect((await client.get('/api/me')).json().data).toMatchObject({ name: 'Kim Ng', roles: ['wallet-user'] });
  });

  it('refuses an unknown organisation, a bad role and a taken email', async () => {
    await run(
      'org:create',
      '--slug',
      'delta',
      '--name',
      'Delta',
      '--admin-email',
      'admin@delta.test',
      '--admin-password',
      'secret-pass',
    );
    const users = await countUsers();
    const args = ['--email', 'new@delta.test', '--first-name', 'N', '--last-name', 'U', '--password', TEST_PASSWORD];
    const noOrg = await run('user:create', '--org', 'nowhere', '--role', 'wallet-user', ...args);
    expect(noOrg).toMatchObject({ code: 1 });
    expect(noOrg.err).toContain("no organisation with the slug 'nowhere'");
    const badRole = await run('user:create', '--org', 'delta', '--role', 'king', ...args);
    expect(badRole.code).toBe(1);
    expect(badRole.err).toContain('--role: must be one of');
    const taken = await run(
      'user:create',
      '--org',
      'delta',
      '--role',
      'wallet-user',
      '--email',
      'ADMIN@delta.test',
      '--first-name',
      'N',
      '--last-name',
      'U',
      '--password',
      TEST_PASSWORD,
    );
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('--email: The email has already been taken.');
    expect(await countUsers()).toBe(users);
  });
});

describe('cli migrate and usage', () => {
  it('reports nothing to migrate on a migrated database, and usage for an unknown command', async () => {
    expect(await run('migrate')).toMatchObject({ code: 0, out: 'Nothing to migrate.' });
    const unknown = await run('frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("Unknown command 'frobnicate'.");
    expect(unknown.err).toContain('Usage: npm run cli');
  });
});

describe('npm run cli as a process', () => {
  it('exits 0 on success and non-zero with a message on bad input', async () => {
    const { spawnSync } = await import('node:child_process');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../../../..');
    const env = { ...process.env, DATABASE_URL: ctx.databaseUrl };
    const ok = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli.ts',
        'org:create',
        '--slug',
        'proc',
        '--name',
        'Proc',
        '--admin-email',
        'a@proc.test',
        '--admin-password',
        'secret-pass',
      ],
      { cwd: root, env, encoding: 'utf8' },
    );
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("Created organisation 'proc'");
    const bad = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'user:create', '--org', 'proc'],
      { cwd: root, env, encoding: 'utf8' },
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--email: is required');
  });
});
