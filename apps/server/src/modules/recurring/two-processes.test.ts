import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { useTestApp } from '../../test/context.js';
import { repoRoot } from '../../test/server-process.js';
import { integrityProblems } from '../ledger/service.js';
import {
  cardLimit,
  daysFromToday,
  entriesWithReference,
  fileRequest,
  force,
  mailsOf,
  requestAsAdmin,
  requestWorld,
  type RequestWorld,
} from '../purchase-requests/test-fixtures.js';
import { runDueFundings } from './schedule.js';
import { addDays, fundingsOf } from './service.js';

/**
 * ARCHITECTURE.md D12: several processes run the recurring schedule against one database and each period is funded
 * exactly once. Five runs in this process, each on its own connection pool, race two more in a second node
 * process (src/test/run-due-fundings.ts), all on the same day.
 */
const ctx = useTestApp();
const start = daysFromToday(1);
const pools: Db[] = [];
let other: Awaited<ReturnType<typeof startSecondProcess>>;

type Totals = { funded: number; failed: number; ended: number };

/** The second process, connected and waiting for days to run; `run(day)` resolves with its totals. */
async function startSecondProcess() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/test/run-due-fundings.ts', ctx.databaseUrl, '2'],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = () =>
    Promise.race([
      new Promise<string>((resolve) => waiting.push(resolve)),
      exited.then((code) => Promise.reject(new Error(`the second process exited (${code}):\n${errors}`))),
    ]);
  expect(await nextLine()).toBe('ready');
  return {
    /** Sends the day at once; the returned promise resolves when the process is done with it. */
    run(today: string): Promise<Totals> {
      const answer = nextLine();
      child.stdin.write(`${today}\n`);
      return answer.then((line) => JSON.parse(line) as Totals);
    },
    async stop() {
      child.stdin.end();
      if (
        (await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000))])) ===
        'timeout'
      )
        child.kill('SIGKILL');
    },
  };
}

beforeAll(async () => {
  other = await startSecondProcess();
}, 60_000);

afterAll(async () => {
  await other?.stop();
  await Promise.all(pools.map((pool) => pool.destroy()));
});

/** The same day's work, run five times at once in this process, each on its own pool, and twice in the other. */
async function runEverywhere(today: string) {
  const local = Array.from({ length: 5 }, () => {
    const db = createDb(ctx.databaseUrl, 3);
    pools.push(db);
    return { ...ctx.deps, db };
  });
  const [remote, ...results] = await Promise.all([
    other.run(today),
    ...local.map((deps) => runDueFundings(deps, today)),
  ]);
  return { local: results, remote: remote! };
}

async function approvedWeekly(world: RequestWorld, amount: number) {
  const request = await fileRequest(world, { amount, interval: 'weekly', start_date: start });
  expect((await force(world.adminClient, request.id, 'approved')).statusCode).toBe(200);
  return (await requestAsAdmin(world, request.id)).recurring_purchase_request!.id;
}

describe('two processes running the recurring schedule', () => {
  it('fund each period exactly once', async () => {
    const world = await requestWorld(ctx, { funds: 5_000_000 });
    const recurringIds = [
      await approvedWeekly(world, 1_000),
      await approvedWeekly(world, 2_000),
      await approvedWeekly(world, 3_000),
    ];
    const today = addDays(start, 7 * 8);
    const { local, remote } = await runEverywhere(today);

    const expected = Array.from({ length: 8 }, (_, index) => addDays(start, 7 * (index + 1)));
    for (const id of recurringIds) {
      expect((await fundingsOf(ctx.db, id)).map((funding) => funding.period_date)).toEqual(expected);
      expect(await entriesWithReference(ctx, world.organization.id, `recurring:${id}:`)).toHaveLength(8);
    }
    const funded = [...local, remote].reduce((sum, result) => sum + result.funded, 0);
    expect(funded).toBe(24);
    expect(await cardLimit(world)).toBe(9 * (1_000 + 2_000 + 3_000));
    expect(await integrityProblems(ctx.db, world.organization.id)).toEqual({
      unbalancedEntries: [],
      driftedAccounts: [],
    });

    // Running the same day again, everywhere, funds nothing more.
    const again = await runEverywhere(today);
    expect([...again.local, again.remote].reduce((sum, result) => sum + result.funded, 0)).toBe(0);
    expect(await cardLimit(world)).toBe(9 * 6_000);
  }, 30_000);

  it('a funding that fails pauses it once and mails each admin once', async () => {
    await ctx.db.updateTable('recurring_purchase_requests').set({ status: 'inactive' }).execute();
    const world = await requestWorld(ctx, { funds: 15_000 });
    const recurringId = await approvedWeekly(world, 10_000);
    await runEverywhere(addDays(start, 21));
    expect(await fundingsOf(ctx.db, recurringId)).toEqual([]);
    const recurring = (await world.adminClient.get('/api/recurring-purchase-requests')).json().data[0];
    expect(recurring).toMatchObject({ id: recurringId, is_paused: true, paused_by: 'system' });
    expect(await mailsOf(ctx, world.organization.id, 'recurring_paused')).toHaveLength(3);
    expect(await cardLimit(world)).toBe(10_000);
  }, 30_000);
});
