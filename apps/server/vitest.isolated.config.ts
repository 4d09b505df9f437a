import { defineConfig } from 'vitest/config';
import { MOCKING_TESTS, UNIT_TEST_BASE } from './vitest.shared.js';

/** The server's unit tests that mock modules, each file in a module graph of its own (vitest.shared.ts). */
export default defineConfig({
  root: import.meta.dirname,
  test: { ...UNIT_TEST_BASE, name: 'server-isolated', include: MOCKING_TESTS },
});
