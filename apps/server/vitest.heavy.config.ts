import { defineConfig } from 'vitest/config';

/**
 * The heavy server tests (`npm run test:heavy`): real server processes, SIGKILLs and a PostgreSQL cluster of their
 * own (src/resilience). Over a minute on a small machine, so kept out of `npm run test:unit`.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'server-heavy',
    include: ['src/resilience/**/*.heavy.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // One file at a time: each starts several processes and must not starve the other of the two cores.
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 150_000,
  },
});
