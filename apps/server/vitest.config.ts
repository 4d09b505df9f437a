import { configDefaults, defineConfig } from 'vitest/config';
import { MOCKING_TESTS, UNIT_TEST_BASE } from './vitest.shared.js';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    ...UNIT_TEST_BASE,
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Real server processes and killed clusters: `npm run test:heavy` (vitest.heavy.config.ts). Files that mock
    // modules: vitest.isolated.config.ts.
    exclude: [...configDefaults.exclude, 'src/resilience/**/*.heavy.test.ts', ...MOCKING_TESTS],
    // A worker's files share its modules (each file still has a database and an app of its own): module state must
    // not outlive a database (caches are kept per database, as cards' installation prefix and expenses' searches).
    isolate: false,
  },
});
