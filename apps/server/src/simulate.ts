import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { createDb, migrateToLatest } from './db/database.js';
import { runSimulate, SIMULATE_USAGE } from './cli/simulate-commands.js';

/**
 * npm run simulate -- purchase|capture|refund|increment|reverse|expire ...: uses DATABASE_URL, or the embedded
 * cluster under DATA_DIR (reusing it when the server is running, leaving it running then).
 */
async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    (argv.length === 0 ? console.error : console.log)(SIMULATE_USAGE);
    process.exit(argv.length === 0 ? 1 : 0);
  }
  let config;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const database = await connectDatabase(config, { keepRunningIfAdopted: true });
  const db = createDb(database.url, 2);
  let code = 1;
  try {
    await migrateToLatest(db);
    code = await runSimulate(
      db,
      argv,
      { out: (line) => console.log(line), err: (line) => console.error(line) },
      {
        defaultOrg: config.DEFAULT_ORG,
        production: config.NODE_ENV === 'production',
      },
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await db.destroy();
    await database.release();
  }
  process.exit(code);
}

void main();
