import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context.js';
import { buildApp } from '../../app.js';
import { TestClient } from '../../test/client.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { latestMailTo, registrationLinkIn, setupOrg, uniqueEmail, waitFor } from '../../test/helpers.js';
import { queueMail, renderMail } from './service.js';

const ctx = useTestApp();

async function inviteSomeone(org: Awaited<ReturnType<typeof setupOrg>>, fields: Record<string, string> = {}) {
  const email = uniqueEmail('mailee');
  const response = await org.adminClient.post('/api/users', {
    first_name: 'Max',
    last_name: 'Mailee',
    email,
    role: 'wallet-user',
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return (await latestMailTo(ctx.db, email))!;
}

describe('invitation mail', () => {
  it("names the organisation in subject, HTML and text, and links to /register on the request's host", async () => {
    const org = await setupOrg(ctx);
    const mail = await inviteSomeone(org);
    const name = org.organization.name;
    expect(mail.subject.split(name)).toHaveLength(2); // named once, not twice
    expect(mail.html_body).toContain(name);
    expect(mail.text_body).toContain(name);
    expect(mail.html_body).toContain('Hi Max,');
    const link = registrationLinkIn(mail.text_body);
    expect(`${link.origin}${link.pathname}`).toBe(`http://${org.host}/register`);
    expect(link.searchParams.get('email')).toBe(mail.to_email);
  });

  it('escapes what people typed into the HTML body', async () => {
    const org = await setupOrg(ctx);
    const mail = await inviteSomeone(org, { first_name: '<b>Max</b>' });
    expect(mail.html_body).toContain('Hi &lt;b&gt;Max&lt;/b&gt;,');
    expect(mail.html_body).not.toContain('<b>Max</b>');
  });

  it('is delivered by the job: with no SMTP_URL the message is stored in the outbox', async () => {
    const org = await setupOrg(ctx);
    const mail = await inviteSomeone(org);
    expect(mail.status).toBe('queued');
    const delivered = await waitFor(async () => {
      const row = await ctx.db
        .selectFrom('mail_messages')
        .selectAll()
        .where('id', '=', mail.id)
        .executeTakeFirstOrThrow();
      return row.status === 'stored' && row;
    });
    expect(delivered.attempts).toBe(1);
    expect(delivered.delivered_at).toBeInstanceOf(Date);
    expect(delivered.last_error).toBeNull();
  });

  it('is not queued when the work that caused it rolls back', async () => {
    const org = await setupOrg(ctx);
    const to = uniqueEmail('ghost');
    await expect(
      ctx.db.transaction().execute(async (tx) => {
        await queueMail(tx, ctx.jobs, {
          orgId: org.organization.id,
          kind: 'test',
          to: { email: to },
          content: renderMail({ organisation: 'X', subject: 'S', greeting: 'Hi', paragraphs: [] }),
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await latestMailTo(ctx.db, to)).toBeUndefined();
  });
});

describe('/dev/mailbox', () => {
  it("shows an admin the organisation's mail with its subject, and each message with its text and HTML", async () => {
    const org = await setupOrg(ctx);
    const other = await setupOrg(ctx);
    const mail = await inviteSomeone(org);
    const foreign = await inviteSomeone(other);
    const list = await org.adminClient.get('/dev/mailbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain(org.organization.name);
    expect(list.body).toContain(`/dev/mailbox/${mail.id}`);
    expect(list.body).toContain(mail.to_email);
    expect(list.body).not.toContain(foreign.to_email);
    // The subject as the page shows it (HTML-escaped).
    expect(list.body).toContain(mail.subject.replaceAll("'", '&#39;'));

    const page = await org.adminClient.get(`/dev/mailbox/${mail.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(registrationLinkIn(mail.text_body).toString().replaceAll('&', '&amp;'));
    const html = await org.adminClient.get(`/dev/mailbox/${mail.id}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toBe(mail.html_body);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    // Another organisation's message is not there.
    expect((await org.adminClient.get(`/dev/mailbox/${foreign.id}`)).statusCode).toBe(404);
    expect((await org.adminClient.get(`/dev/mailbox/${foreign.id}/html`)).statusCode).toBe(404);
  });

  it('refuses members (403) and sends signed-out visitors to /login', async () => {
    const org = await setupOrg(ctx);
    const mail = await inviteSomeone(org);
    for (const url of ['/dev/mailbox', `/dev/mailbox/${mail.id}`, `/dev/mailbox/${mail.id}/html`]) {
      const member = await org.memberClient.get(url);
      expect(member.statusCode, url).toBe(403);
      expect(member.body).not.toContain(mail.to_email);
      const anonymous = await org.anonymous.get(url);
      expect(anonymous.statusCode, url).toBe(302);
      expect(anonymous.headers.location).toBe('/login');
    }
  });

  it('does not exist in production', async () => {
    const org = await setupOrg(ctx);
    const production = await buildApp({ ...ctx.deps, config: { ...ctx.config, NODE_ENV: 'production' } });
    try {
      const client = await new TestClient(production, org.host).signIn(org.admin.email, TEST_PASSWORD);
      expect((await client.get('/api/me')).statusCode).toBe(200);
      expect((await client.get('/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
