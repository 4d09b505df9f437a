// npm start: builds the web app when its sources are newer than the build, then runs the server.
// Ctrl-C reaches the server (and its embedded PostgreSQL) directly; this script waits for them to finish.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'apps/web/public',
  'packages/contract/src',
];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (changedAt > builtAt) {
  console.log(builtAt ? 'Web app sources changed; rebuilding…' : 'Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  // The terminal already sent Ctrl-C to the whole group; forward only what arrives here alone (kill, npm stop).
  process.on(signal, () => setTimeout(() => server.exitCode === null && server.kill(signal), 50));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
