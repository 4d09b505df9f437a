import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { createDb } from './db/database.js';
import { runCommand, USAGE } from './cli/commands.js';

/** npm run cli -- <command>: uses DATABASE_URL, or the embedded cluster (reusing it if the server is running). */
async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(USAGE);
    process.exit(argv.length === 0 ? 1 : 0);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await connectDatabase(config, { keepRunningIfAdopted: true });
  // An operator's tool (migrations among its commands): a session of its own, never through a transaction pooler.
  const db = createDb(database.directUrl, 2);
  let code = 1;
  try {
    code = await runCommand(db, argv, { out: (line) => console.log(line), err: (line) => console.error(line) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await db.destroy();
    await database.release();
  }
  process.exit(code);
}

void main();
