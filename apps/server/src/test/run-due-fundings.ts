/**
 * A second process running the recurring schedule's work (what the pg-boss job calls) against a test database,
 * for recurring/two-processes.test.ts: `node --import tsx run-due-fundings.ts <DATABASE_URL> <runs>`.
 * It connects and prints "ready"; then for each line on stdin (a YYYY-MM-DD day) it runs runDueFundings `runs`
 * times in parallel for that day and prints the totals as one JSON line. It exits when stdin closes.
 */
import readline from 'node:readline';
import { loadConfig } from '../config.js';
import { createDb } from '../db/database.js';
import { createIssuer } from '../issuing/index.js';
import { startJobs } from '../jobs/queue.js';
import { runDueFundings } from '../modules/recurring/test-fixtures.js';

const [databaseUrl, runs = '1'] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: run-due-fundings.ts <DATABASE_URL> [runs]');

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  WEB_DIST: '/nonexistent',
});
const db = createDb(databaseUrl, 10);
const jobs = await startJobs(databaseUrl);
const issuer = await createIssuer(config, databaseUrl);
await db.selectFrom('recurring_purchase_requests').select('id').limit(1).execute();

const lines = readline.createInterface({ input: process.stdin });
console.log('ready');
for await (const line of lines) {
  const today = line.trim();
  const results = await Promise.all(
    Array.from({ length: Number(runs) }, () => runDueFundings({ db, jobs, issuer }, today)),
  );
  const totals = results.reduce((sum, result) => ({
    funded: sum.funded + result.funded,
    failed: sum.failed + result.failed,
    ended: sum.ended + result.ended,
  }));
  console.log(JSON.stringify(totals));
}

await jobs.stop();
await issuer.close?.();
await db.destroy();
