/** Mail bodies: one layout, HTML and plain text, always naming the organisation. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

export interface MailLayout {
  organisation: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: MailAction;
  /** Several buttons side by side (e.g. Approve and Reject); each also listed as a plain link. */
  actions?: MailAction[];
  footnote?: string;
}

export interface MailAction {
  label: string;
  url: string;
  color?: string;
}

/** Mail clients ignore style sheets, so a button's look is written inline. */
const BUTTON_STYLE =
  'color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;margin:0 8px 8px 0';

function buttonsHtml(actions: MailAction[]): string {
  if (actions.length === 0) return '';
  const buttons = actions
    .map((action) => {
      const style = `background:${action.color ?? '#1f4fd1'};${BUTTON_STYLE}`;
      return `<a href="${escapeHtml(action.url)}" style="${style}">${escapeHtml(action.label)}</a>`;
    })
    .join('');
  const links = actions
    .map((action) => `${escapeHtml(action.label)}: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a>`)
    .join('<br>');
  return `<p style="margin:24px 0 16px">${buttons}</p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the buttons don't work, open a link:<br>${links}</p>`;
}

export function renderMail(layout: MailLayout): MailContent {
  const { organisation, subject, greeting, paragraphs, footnote } = layout;
  const actions = [...(layout.action ? [layout.action] : []), ...(layout.actions ?? [])];
  const html = `<!doctype html>
<html><body style="margin:0;background:#f5f7fb;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:13px;color:#6b7280;padding-bottom:16px">${escapeHtml(organisation)} · Spend Wallet</td></tr>
<tr><td style="font-size:16px;line-height:24px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n')}
${buttonsHtml(actions)}
${footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#6b7280">${escapeHtml(footnote)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    `${organisation} · Spend Wallet`,
    '',
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...actions.flatMap((action) => [`${action.label}: ${action.url}`, '']),
    ...(footnote ? [footnote] : []),
  ]
    .join('\n')
    .trim();
  // Every subject names the organisation, once.
  return { subject: subject.includes(organisation) ? subject : `${subject} · ${organisation}`, html, text };
}
