/**
 * The server's unit tests that replace modules (vi.mock of fastify and its plugins). They run in a project of their
 * own (vitest.isolated.config.ts), each file in a fresh module graph; the other files share their worker's modules
 * (vitest.config.ts, isolate: false), which saves every file importing the whole app again.
 */
export const MOCKING_TESTS = [
  'src/http/openapi.test.ts',
  'src/security/route-matrix.test.ts',
  'src/security/csrf.test.ts',
  'src/security/secrets-in-logs.test.ts',
];

/** What both unit projects share: the migrated template database, a forked worker per file's share of the cores. */
export const UNIT_TEST_BASE = {
  globalSetup: ['src/test/global-setup.ts'],
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 120_000,
} as const;
