import { PassThrough } from 'node:stream';
import type { TestContext } from '../../test/context.js';
import { at, type SpendWorld } from '../analytics/test-fixtures.js';
import { simulatePurchase } from '../simulator/service.js';
import type { Wallet } from '../authorizations/service.js';
import { writeExport, type ExportJob } from './export.js';

/**
 * The month-end tests' extra purchase: $12.34 on Ned's card on 2025-02-10 09:30 UTC at a merchant whose name is
 * `merchant` (a formula, a path: what an export or an archive must defuse).
 */
export async function buyAtHostileMerchant(
  ctx: TestContext,
  world: SpendWorld,
  merchant: string,
  { wallet = null, posted = '2025-02-10T09:30:00Z' }: { wallet?: Wallet | null; posted?: string } = {},
): Promise<void> {
  const nedCard = await ctx.db
    .selectFrom('cards')
    .selectAll()
    .where('id', '=', world.ned.cardId)
    .executeTakeFirstOrThrow();
  await simulatePurchase(ctx.db, nedCard, {
    amount: 1_234,
    merchant: { name: merchant, category: 'antique_shops', category_code: '5932' },
    wallet,
    capture: 'now',
    at: at(posted),
  });
}

/** The whole file writeExport writes for `job`. */
export async function exportedFile(job: ExportJob): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeExport(job, out);
  return Buffer.concat(chunks);
}
