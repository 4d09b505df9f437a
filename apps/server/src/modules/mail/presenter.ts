import { escapeHtml } from './templates.js';

/** The development mailbox's pages (/dev/mailbox): plain HTML, every value escaped. */

interface MailboxMessage {
  id: number;
  kind: string;
  subject: string;
  to_email: string;
  to_name: string | null;
  status: string;
  created_at: Date;
  text_body: string;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fb;color:#1f2937}main{max-width:960px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e5e7eb;font-size:14px;vertical-align:top}
th{background:#f9fafb}a{color:#1f4fd1}.muted{color:#6b7280;font-size:13px}pre{white-space:pre-wrap;background:#fff;padding:16px;border-radius:8px}
iframe{width:100%;height:640px;border:1px solid #e5e7eb;border-radius:8px;background:#fff}nav{display:flex;gap:12px;margin:16px 0}</style></head>
<body><main>${body}</main></body></html>`;
}

export function mailboxRefusalPage(): string {
  return page('Mailbox', '<p>Only admins can read the development mailbox.</p>');
}

/** One page of the organisation's outbox, newest first, with links to older and newer pages. */
export function mailboxPage(
  org: { name: string },
  messages: MailboxMessage[],
  options: { page: number; total: number; pageSize: number },
): string {
  const rows = messages
    .map(
      (
        message,
      ) => `<tr><td><a href="/dev/mailbox/${message.id}">${escapeHtml(message.subject)}</a><div class="muted">${escapeHtml(message.kind)}</div></td>
<td>${escapeHtml(message.to_name ? `${message.to_name} <${message.to_email}>` : message.to_email)}</td><td>${escapeHtml(message.status)}</td>
<td class="muted">${message.created_at.toISOString().replace('T', ' ').slice(0, 19)} UTC</td></tr>`,
    )
    .join('');
  const lastPage = Math.max(1, Math.ceil(options.total / options.pageSize));
  const newer = options.page > 1 ? `<a href="?page=${options.page - 1}">Newer</a>` : '';
  const older = options.page < lastPage ? `<a href="?page=${options.page + 1}">Older</a>` : '';
  const position = `<span class="muted">Page ${options.page} of ${lastPage} · ${options.total} messages</span>`;
  const nav = `<nav>${newer}${position}${older}</nav>`;
  const body = `<h1>Mailbox · ${escapeHtml(org.name)}</h1><p class="muted">Mail sent while no SMTP server is configured (SMTP_URL). Development only.</p>
${options.total === 0 ? '<p>No mail has been sent yet.</p>' : `<table><thead><tr><th>Subject</th><th>To</th><th>Status</th><th>Sent</th></tr></thead><tbody>${rows}</tbody></table>${nav}`}`;
  return page('Mailbox', body);
}

/** One message: its text, and its HTML in a sandboxed frame (/dev/mailbox/{id}/html). */
export function messagePage(message: MailboxMessage): string {
  const body = `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<p class="muted">To ${escapeHtml(message.to_email)} · ${escapeHtml(message.status)} · ${message.created_at.toISOString()}</p>
<iframe title="Message" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/dev/mailbox/${message.id}/html"></iframe>
<h2>Text</h2><pre>${escapeHtml(message.text_body)}</pre>`;
  return page(message.subject, body);
}
