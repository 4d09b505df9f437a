import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Real server processes and killed clusters: `npm run test:heavy` (vitest.heavy.config.ts).
    exclude: [...configDefaults.exclude, 'src/resilience/**/*.heavy.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
