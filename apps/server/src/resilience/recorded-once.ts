import type { Db } from '../db/database.js';

/** What the crash and scale-out checks add to the ledger's one integrity check (ledger/integrity.ts). */

/** How many journal entries carry each of these references (0 for none): an operation is recorded once, or not. */
export async function entryCounts(db: Db, orgId: number, references: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(references.map((reference) => [reference, 0]));
  if (references.length === 0) return counts;
  const rows = await db
    .selectFrom('journal_entries')
    .select(['reference', (eb) => eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('reference', 'in', references)
    .groupBy('reference')
    .execute();
  for (const row of rows) counts.set(row.reference, Number(row.n));
  return counts;
}

/** The references among these that are not recorded exactly once. */
export async function notExactlyOnce(
  db: Db,
  orgId: number,
  references: readonly string[],
): Promise<Array<{ reference: string; count: number }>> {
  const counts = await entryCounts(db, orgId, references);
  return [...counts].filter(([, count]) => count !== 1).map(([reference, count]) => ({ reference, count }));
}
