import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/server/vitest.isolated.config.ts', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine. The server's
    // files mostly wait on PostgreSQL, so two workers keep both cores busy.
    maxWorkers: 2,
  },
});
