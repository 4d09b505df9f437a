import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../test/smtp-capture.js';
import { useTestApp } from '../../test/context.js';
import { latestMailTo, setupOrg, uniqueEmail, waitFor } from '../../test/helpers.js';

/** A real SMTP receiver on loopback; `smtp.reject` makes it refuse every message the way a full mailbox would. */
const smtp = await startSmtpCapture();
const { received } = smtp;
afterAll(() => smtp.close());

const ctx = useTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });

/** The Subject header, RFC 2047 encoded words decoded (nodemailer encodes non-ASCII subjects). */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
  const bytes = header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('latin1')
        : text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text/plain and text/html parts of a multipart/alternative message, quoted-printable decoded. */
function partsOf(raw: string): Record<string, string> {
  const boundary = /boundary="([^"]+)"/.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts: Record<string, string> = {};
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    const type = /Content-Type: ([\w/]+)/i.exec(head)?.[1] ?? '';
    let body = rest.join('\r\n\r\n');
    if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16)));
      body = Buffer.from(bytes, 'latin1').toString('utf8');
    }
    parts[type] = body;
  }
  return parts;
}

function messageRow(id: number) {
  return ctx.db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function invite(org: Awaited<ReturnType<typeof setupOrg>>) {
  const email = uniqueEmail('smtp');
  expect(
    (await org.adminClient.post('/api/users', { first_name: 'Sam', last_name: 'Smtp', email, role: 'wallet-user' }))
      .statusCode,
  ).toBe(201);
  return (await latestMailTo(ctx.db, email))!;
}

describe('mail over SMTP (SMTP_URL set)', () => {
  it("delivers the invitation to the SMTP server with its subject and the organisation's name; status becomes sent", async () => {
    const org = await setupOrg(ctx);
    const mail = await invite(org);
    const message = await waitFor(async () => received.find((item) => item.to.includes(mail.to_email)));
    // Headers may be folded or encoded; unfold before looking.
    const raw = message.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(subjectOf(raw)).toBe(mail.subject);
    expect(mail.subject).toContain(org.organization.name);
    expect(raw).toMatch(new RegExp(`^To: "?Sam Smtp"? <${mail.to_email}>`, 'm'));
    const parts = partsOf(message.raw);
    expect(parts['text/plain']).toContain(org.organization.name);
    expect(parts['text/plain']).toContain(`http://${org.host}/register?token=`);
    expect(parts['text/html']).toContain(org.organization.name);
    expect(parts['text/html']?.replace(/\r\n/g, '\n').trim()).toBe(mail.html_body.trim());
    const row = await waitFor(async () => {
      const current = await messageRow(mail.id);
      return current.status === 'sent' && current;
    });
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeNull();
  });

  it('keeps a refused message queued with the error, and retries it until the server accepts', async () => {
    const org = await setupOrg(ctx);
    smtp.reject = true;
    try {
      const mail = await invite(org);
      const failed = await waitFor(async () => {
        const current = await messageRow(mail.id);
        return current.attempts > 0 && current;
      });
      expect(failed.status).toBe('queued');
      expect(failed.last_error).toMatch(/Mailbox unavailable|550/);
      expect(received.some((item) => item.to.includes(mail.to_email))).toBe(false);
      smtp.reject = false;
      // pg-boss retries with backoff (5 s, then longer).
      const sent = await waitFor(async () => {
        const current = await messageRow(mail.id);
        return current.status === 'sent' && current;
      }, 25_000);
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      expect(sent.last_error).toBeNull();
      expect(received.some((item) => item.to.includes(mail.to_email))).toBe(true);
    } finally {
      smtp.reject = false;
    }
  }, 40_000);
});
