import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { setupOrg, uniqueEmail } from '../../test/helpers.js';
import { deliverMail, requeueUnclaimedMail, MAIL_SEND_LEASE_SECONDS } from './service.js';
import type { MailTransport } from './transport.js';

/**
 * Delivery is claimed per message (migration 0016): two jobs of one message never both send it, and a message
 * whose sender died goes out again once its claim runs out, or at once after a restart when nobody holds it.
 */
const ctx = useTestApp();
const FROM = 'wallet@example.test';

/** An SMTP stand-in that records what it was given and answers when the test says so. */
function slowTransport() {
  const sent: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const transport: MailTransport = {
    async send(message) {
      await gate;
      sent.push(message.to);
    },
  };
  return { transport, sent, release: () => release() };
}

/** A queued message with no delivery job: only the test's own calls touch it. */
async function queuedMessage(orgId: number, values: { sending_until?: Date } = {}) {
  const email = uniqueEmail('claim');
  const row = await ctx.db
    .insertInto('mail_messages')
    .values({
      org_id: orgId,
      kind: 'test',
      to_email: email,
      subject: 'Hello',
      html_body: '<p>Hi</p>',
      text_body: 'Hi',
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

const messageRow = (id: number) =>
  ctx.db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobsFor = async (id: number) =>
  (
    await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.deliver' AND (data->>'id')::bigint = ${id}`.execute(
      ctx.db,
    )
  ).rows[0]!.n;

describe('mail delivery claims', () => {
  it('two jobs of one message at once: one sends it, the other waits for a retry and then finds it delivered', async () => {
    const org = await setupOrg(ctx);
    const message = await queuedMessage(org.organization.id);
    const smtp = slowTransport();
    const first = deliverMail(ctx.db, smtp.transport, FROM, message.id);
    await expect.poll(async () => (await messageRow(message.id)).sending_until).not.toBeNull();
    await expect(deliverMail(ctx.db, smtp.transport, FROM, message.id)).rejects.toThrow(/being sent by another job/);
    smtp.release();
    await first;
    expect(smtp.sent).toEqual([message.email]);
    const delivered = await messageRow(message.id);
    expect(delivered).toMatchObject({ status: 'sent', attempts: 1, sending_until: null });
    // The second job's retry: nothing is sent again.
    await deliverMail(ctx.db, smtp.transport, FROM, message.id);
    expect(smtp.sent).toEqual([message.email]);
  });

  it('a claim lasts longer than a send can take, and one that ran out (its sender died) lets the message go again', async () => {
    expect(MAIL_SEND_LEASE_SECONDS).toBeGreaterThanOrEqual(60);
    const org = await setupOrg(ctx);
    const message = await queuedMessage(org.organization.id, { sending_until: new Date(Date.now() - 1_000) });
    const smtp = slowTransport();
    smtp.release();
    await deliverMail(ctx.db, smtp.transport, FROM, message.id);
    expect(smtp.sent).toEqual([message.email]);
    expect((await messageRow(message.id)).status).toBe('sent');
  });

  it('a failed attempt lets the claim go, so the retry can send', async () => {
    const org = await setupOrg(ctx);
    const message = await queuedMessage(org.organization.id);
    const failing: MailTransport = { send: () => Promise.reject(new Error('Mailbox unavailable')) };
    await expect(deliverMail(ctx.db, failing, FROM, message.id)).rejects.toThrow('Mailbox unavailable');
    expect(await messageRow(message.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'Mailbox unavailable',
      sending_until: null,
    });
    const smtp = slowTransport();
    smtp.release();
    await deliverMail(ctx.db, smtp.transport, FROM, message.id);
    expect(smtp.sent).toEqual([message.email]);
  });

  it('at a start, every queued message nobody holds is queued again; one being sent is left to its sender', async () => {
    const org = await setupOrg(ctx);
    const lost = await queuedMessage(org.organization.id);
    const held = await queuedMessage(org.organization.id, { sending_until: new Date(Date.now() + 60_000) });
    const queued = await requeueUnclaimedMail(ctx.db, ctx.jobs);
    expect(queued).toBeGreaterThanOrEqual(1);
    expect(await jobsFor(held.id)).toBe(0);
    // The running workers (no SMTP_URL: the outbox keeps it) deliver the lost one through its new job.
    await expect.poll(async () => (await messageRow(lost.id)).status, { timeout: 15_000 }).toBe('stored');
    expect(await jobsFor(lost.id)).toBe(1);
    // A mail job lost with its process is retried after minutes, not pg-boss's default quarter of an hour.
    const { rows } = await sql<{
      seconds: number;
    }>`SELECT extract(epoch FROM expire_in)::int AS seconds FROM pgboss.job WHERE name = 'mail.deliver' AND (data->>'id')::bigint = ${lost.id}`.execute(
      ctx.db,
    );
    expect(rows[0]!.seconds).toBeGreaterThan(MAIL_SEND_LEASE_SECONDS);
    expect(rows[0]!.seconds).toBeLessThanOrEqual(300);
    expect((await messageRow(held.id)).status).toBe('queued');
  });
});
