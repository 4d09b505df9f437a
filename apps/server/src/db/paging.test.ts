import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { limitOffset, onPage } from './paging.js';

// Compiles only: no connection is made.
const db = new Kysely<{ cards: { id: number } }>({
  dialect: new PostgresDialect({ pool: { connect: () => Promise.reject(new Error('unused')), end: async () => {} } }),
});

describe('paging written into the text', () => {
  it('writes LIMIT and OFFSET as numbers, with no parameters for them', () => {
    const compiled = db
      .selectFrom('cards')
      .select('id')
      .where('id', '>', 5)
      .$call((query) => onPage(query, { number: 3, size: 25 }))
      .compile();
    expect(compiled.sql).toBe('select "id" from "cards" where "id" > $1 limit 25 offset 50');
    expect(compiled.parameters).toEqual([5]);
  });

  it('refuses anything but a whole, non-negative count', () => {
    expect(() => limitOffset(-1)).toThrow(/not a row count/);
    expect(() => limitOffset(2.5)).toThrow(/not a row count/);
    expect(() => limitOffset(10, Number.NaN)).toThrow(/not a row count/);
  });
});
