import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { connectDatabase } from './connect.js';

/** DATABASE_DIRECT_URL (OPERATIONS.md "Scaling out"): sessions of their own for migrations and pg-boss. */
describe('DATABASE_DIRECT_URL', () => {
  it('defaults to DATABASE_URL, and is used as given beside a pooled DATABASE_URL', async () => {
    const pooled = 'postgres://wallet:secret@127.0.0.1:6432/wallet';
    const direct = 'postgres://wallet:secret@127.0.0.1:5432/wallet';
    expect(await connectDatabase(loadConfig({ DATABASE_URL: pooled }))).toMatchObject({
      url: pooled,
      directUrl: pooled,
    });
    expect(await connectDatabase(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct }))).toMatchObject({
      url: pooled,
      directUrl: direct,
    });
  });

  it('is refused without DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://127.0.0.1:5432/wallet' })).toThrow(
      /DATABASE_DIRECT_URL: set DATABASE_URL too/,
    );
  });

  it('SHUTDOWN_DRAIN_SECONDS defaults to 0 and takes seconds', () => {
    expect(loadConfig({}).SHUTDOWN_DRAIN_SECONDS).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '3' }).SHUTDOWN_DRAIN_SECONDS).toBe(3);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });
});
