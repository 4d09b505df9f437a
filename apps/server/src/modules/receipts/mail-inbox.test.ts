import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { drawReceipt } from '../../test/receipt-images.js';
import { waitFor } from '../../test/helpers.js';
import { otherOrganisation, spendWorld, type SpendWorld } from '../analytics/test-fixtures.js';
import { startReceiptMailInbox } from './mail-inbox.js';
import { stopOcrEngine } from './reading/ocr-engine.js';
import { localReceiptStorage } from './storage.js';

const ctx = useTestApp();
let world: SpendWorld;
let inbox: Awaited<ReturnType<typeof startReceiptMailInbox>>;
let miaEmail: string;

beforeAll(async () => {
  world = await spendWorld(ctx);
  miaEmail = (await ctx.db.selectFrom('users').select('email').where('id', '=', world.mia.id).executeTakeFirstOrThrow())
    .email;
  inbox = await startReceiptMailInbox(
    {
      db: ctx.db,
      storage: localReceiptStorage(ctx.config.dataDir),
      jobs: ctx.jobs,
      hostRules: {
        appDomain: ctx.config.APP_DOMAIN,
        defaultOrg: ctx.config.DEFAULT_ORG,
        servedIps: ctx.config.SERVED_IPS,
      },
    },
    { port: 0, host: '127.0.0.1' },
  );
});
afterAll(async () => {
  await inbox?.close();
  await stopOcrEngine();
});

function send(message: SendMailOptions) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inbox.port, secure: false, ignoreTLS: true });
  return transport.sendMail(message).finally(() => transport.close());
}

const receiptsOf = (userId: number) =>
  ctx.db
    .selectFrom('receipts')
    .selectAll()
    .where('org_id', '=', world.orgId)
    .where('uploaded_by', '=', userId)
    .execute();

describe('the receipt inbox by mail: receipts@<organisation host>', () => {
  it("a member's mailed receipt goes into their inbox, is read, and attaches itself to its purchase", async () => {
    const photo = await drawReceipt({
      lines: ['SWEETGREEN', '171 2nd St', '02/03/2025 12:31', 'TOTAL          $30.00'],
      format: 'jpeg',
    });
    await send({
      from: `Mia Member <${miaEmail.toUpperCase()}>`,
      to: `receipts@${world.host}`,
      subject: 'Lunch',
      text: 'Receipt attached.',
      attachments: [
        { filename: 'lunch.jpg', content: photo },
        // Not a receipt: skipped, the rest is taken.
        { filename: 'notes.txt', content: 'hello' },
      ],
    });
    const [receipt] = await receiptsOf(world.mia.id);
    expect(receipt).toMatchObject({ type: 'jpeg', file_name: 'lunch.jpg', reading: 'queued', expense_id: null });
    await waitFor(async () => (await receiptsOf(world.mia.id))[0]!.reading !== 'queued', 60_000);
    const sweetgreen = await ctx.db
      .selectFrom('expenses')
      .select('id')
      .where('org_id', '=', world.orgId)
      .where('user_id', '=', world.mia.id)
      .where('type', '=', 'capture')
      .where(({ ref }) => ref('merchant_data', '->>').key('name'), '=', 'Sweetgreen')
      .executeTakeFirstOrThrow();
    expect((await receiptsOf(world.mia.id))[0]).toMatchObject({ reading: 'read', expense_id: sweetgreen.id });
  }, 90_000);

  it('refuses mail from strangers, to another mailbox or organisation, and mail without a receipt, storing nothing', async () => {
    const before = await ctx.db.selectFrom('receipts').select('id').execute();
    const photo = await drawReceipt({ lines: ['SHOP', 'TOTAL 1.00'] });
    const refusedWith = (message: SendMailOptions) =>
      send(message).then(
        () => null,
        (error: { responseCode?: number; response?: string }) => `${error.responseCode} ${error.response ?? ''}`,
      );
    const attachments = [{ filename: 'r.png', content: photo }];
    expect(await refusedWith({ from: 'stranger@example.com', to: `receipts@${world.host}`, attachments })).toMatch(
      /^550 .*not a member/,
    );
    expect(await refusedWith({ from: miaEmail, to: `accounts@${world.host}`, attachments })).toMatch(
      /^550 .*No receipt inbox/,
    );
    expect(await refusedWith({ from: miaEmail, to: 'receipts@example.com', attachments })).toMatch(/^550 /);
    expect(await refusedWith({ from: miaEmail, to: `receipts@${world.host}`, text: 'forgot it' })).toMatch(
      /^550 .*No receipt attached/,
    );
    // Mia writing to another organisation's inbox is a stranger there.
    const other = await otherOrganisation(ctx);
    expect(await refusedWith({ from: miaEmail, to: `receipts@${other.host}`, attachments })).toMatch(
      /^550 .*not a member/,
    );
    expect(await ctx.db.selectFrom('receipts').select('id').execute()).toEqual(before);
  });
});
