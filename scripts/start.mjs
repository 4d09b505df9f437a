// npm start: builds the web app and the server when their sources are newer than their builds, then runs the built
// server. Ctrl-C reaches the server (and its embedded PostgreSQL) directly; this script waits for them to finish.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each build is made from, and the file whose age says when it was last built. */
const builds = [
  {
    name: 'web app',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite-plugins',
      'apps/web/public',
      'packages/contract/src',
    ],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src'],
  },
];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

for (const { name, workspace, output, sources } of builds) {
  const outputFile = path.join(root, output);
  const builtAt = fs.existsSync(outputFile) ? fs.statSync(outputFile).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (changedAt <= builtAt) continue;
  console.log(builtAt ? `The ${name}'s sources changed; rebuilding…` : `Building the ${name} (first start)…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  // The terminal already sent Ctrl-C to the whole group; forward only what arrives here alone (kill, npm stop).
  process.on(signal, () => setTimeout(() => server.exitCode === null && server.kill(signal), 50));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
