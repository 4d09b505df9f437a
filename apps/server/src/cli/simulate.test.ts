import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/context.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../test/factories.js';
import { acceptTermsInDb, activateCard, createCard, fundCard, topUp } from '../test/card-factories.js';
import { integrityProblems } from '../modules/ledger/service.js';
import { runSimulate } from './simulate-commands.js';

const ctx = useTestApp();

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSimulate(
    ctx.db,
    argv,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    { defaultOrg: 'demo', production: false },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function fundedCard(limit: number) {
  const { organization, admin, host } = await makeOrganization(ctx.db);
  const member = await makeUser(ctx.db, organization.id, 'wallet-user');
  await acceptTermsInDb(ctx.db, member.id);
  const client = await ctx.client(host).signIn(admin.email, TEST_PASSWORD);
  await topUp(client, 1_000_000);
  const card = await createCard(client, member.id);
  await fundCard(client, card.id, limit);
  await activateCard(client, card.id);
  return { slug: organization.slug, orgId: organization.id, card };
}

const cardRow = (id: number) =>
  ctx.db.selectFrom('cards').select(['spending_limit', 'holds_amount']).where('id', '=', id).executeTakeFirstOrThrow();
const authorizationIn = (text: string) => /(iauth_sim_[0-9a-f]{20})/.exec(text)![1]!;

describe('npm run simulate (in-process)', () => {
  it('purchases, captures, refunds, reverses and expires through the same code as the API', async () => {
    const { slug, orgId, card } = await fundedCard(10_000);
    const bought = await run(
      'purchase',
      '--org',
      slug,
      '--card',
      String(card.id),
      '--amount',
      '4000',
      '--merchant',
      'blue bottle coffee',
      '--wallet',
      'apple_pay',
    );
    expect(bought).toMatchObject({ code: 0, err: '' });
    expect(bought.out).toContain('Approved iauth_sim_');
    expect(bought.out).toContain('$40.00 at Blue Bottle Coffee (apple_pay)');
    expect(bought.out).toContain('available $60.00');
    const id = authorizationIn(bought.out);
    expect(
      await ctx.db
        .selectFrom('authorization_holds')
        .select(['merchant_data', 'wallet'])
        .where('provider_authorization_id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      wallet: 'apple_pay',
      merchant_data: { name: 'Blue Bottle Coffee', category_code: '5812' },
    });

    const captured = await run('capture', '--org', slug, '--authorization', id, '--amount', '3500');
    expect(captured.code).toBe(0);
    expect(captured.out).toContain('Captured $35.00');
    expect(await cardRow(card.id)).toEqual({ spending_limit: 6_500, holds_amount: 0 });
    const refunded = await run('refund', '--org', slug, '--authorization', id, '--amount', '500');
    expect(refunded.out).toContain('Refunded $5.00');
    expect(await cardRow(card.id)).toEqual({ spending_limit: 7_000, holds_amount: 0 });

    const reversed = authorizationIn(
      (await run('purchase', '--org', slug, '--card', String(card.id), '--amount', '1000')).out,
    );
    const expired = authorizationIn(
      (await run('purchase', '--org', slug, '--card', String(card.id), '--amount', '2000', '--capture', 'later')).out,
    );
    expect(await cardRow(card.id)).toEqual({ spending_limit: 7_000, holds_amount: 3_000 });
    expect((await run('reverse', '--org', slug, '--authorization', reversed)).out).toContain(`${reversed} reversed`);
    expect((await run('expire', '--org', slug, '--authorization', expired)).out).toContain(`${expired} expired`);
    expect(await cardRow(card.id)).toEqual({ spending_limit: 7_000, holds_amount: 0 });

    const now = await run('purchase', '--org', slug, '--card', String(card.id), '--amount', '700', '--capture', 'now');
    expect(now.out).toContain('Captured at once: expense');
    expect(await cardRow(card.id)).toEqual({ spending_limit: 6_300, holds_amount: 0 });
    expect(await integrityProblems(ctx.db, orgId)).toEqual({ unbalancedEntries: [], driftedAccounts: [] });
  });

  it('prints a decline with its reason and exits 0 (the simulation ran)', async () => {
    const { slug, card } = await fundedCard(1_000);
    const declined = await run('purchase', '--org', slug, '--card', String(card.id), '--amount', '1001');
    expect(declined.code).toBe(0);
    expect(declined.out).toContain('Declined iauth_sim_');
    expect(declined.out).toContain(
      `Reason: insufficient_funds (•••• ${card.last4} has $10.00 available to spend, less than this purchase.)`,
    );
    const id = authorizationIn(declined.out);
    const capture = await run('capture', '--org', slug, '--authorization', id);
    expect(capture.code).toBe(1);
    expect(capture.err).toContain('Only a pending authorisation can be captured.');
  });

  it('refuses bad input with a message and exit code 1, changing nothing', async () => {
    const { slug, card } = await fundedCard(5_000);
    const cases: Array<[string[], string]> = [
      [['purchase', '--org', slug, '--card', String(card.id)], '--amount: is required'],
      [
        ['purchase', '--org', slug, '--card', String(card.id), '--amount', '12.50'],
        '--amount: must be a whole number of cents',
      ],
      [['purchase', '--org', slug, '--card', String(card.id), '--amount', '0'], '--amount: must be at least 1 cent'],
      [['purchase', '--org', slug, '--card', String(card.id), '--amount', '-5'], '--amount'],
      [['purchase', '--org', slug, '--card', 'abc', '--amount', '100'], '--card: must be a card id'],
      [['purchase', '--org', slug, '--card', '999999', '--amount', '100'], "--card: no card 999999 in '"],
      [
        ['purchase', '--org', 'nowhere', '--card', String(card.id), '--amount', '100'],
        "--org: no organisation with the slug 'nowhere'",
      ],
      [
        ['purchase', '--org', slug, '--card', String(card.id), '--amount', '100', '--wallet', 'paypal'],
        '--wallet: must be one of apple_pay, google_pay, samsung_pay',
      ],
      [
        ['purchase', '--org', slug, '--card', String(card.id), '--amount', '100', '--capture', 'soon'],
        '--capture: must be one of now, later, never',
      ],
      [
        ['purchase', '--org', slug, '--card', String(card.id), '--amount', '100', '--colour', 'red'],
        "Unknown option '--colour'",
      ],
      [
        ['capture', '--org', slug, '--authorization', 'iauth_123'],
        '--authorization: must be a simulated authorisation id',
      ],
      [
        ['capture', '--org', slug, '--authorization', `iauth_sim_${'0'.repeat(20)}`],
        '--authorization: no simulated authorisation',
      ],
      [['refund', '--org', slug, '--authorization', `iauth_sim_${'0'.repeat(20)}`], '--amount: is required'],
      [['frobnicate'], "Unknown command 'frobnicate'."],
      [[], 'Usage: npm run simulate'],
    ];
    for (const [argv, message] of cases) {
      const result = await run(...argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 1 });
      expect(result.err).toContain(message);
    }
    expect(
      await ctx.db.selectFrom('authorization_holds').select('id').where('card_id', '=', card.id).execute(),
    ).toEqual([]);
    const production = await runSimulate(
      ctx.db,
      ['purchase', '--org', slug, '--card', String(card.id), '--amount', '100'],
      { out: () => undefined, err: () => undefined },
      { defaultOrg: 'demo', production: true },
    );
    expect(production).toBe(1);
  });
});

describe('npm run simulate as a process', () => {
  it('runs a purchase and exits 0; bad input exits 1 with a message', async () => {
    const { slug, card } = await fundedCard(5_000);
    const root = path.resolve(import.meta.dirname, '../../../..');
    const env = { ...process.env, DATABASE_URL: ctx.databaseUrl, DEFAULT_ORG: slug };
    const simulate = (...argv: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/simulate.ts', ...argv], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
    const ok = simulate('purchase', '--card', String(card.id), '--amount', '1234', '--merchant', 'Figma');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Approved iauth_sim_');
    expect(ok.stdout).toContain('$12.34 at Figma');
    expect(await cardRow(card.id)).toEqual({ spending_limit: 5_000, holds_amount: 1_234 });
    const bad = simulate('purchase', '--card', String(card.id), '--amount', 'lots');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--amount: must be a whole number of cents');
  });
});
