import { AUDIT_SUBJECT_LABELS, type AuditEntryResource } from '@wallet/contract';
import { formatMoney } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';

type Details = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const cents = (value: unknown): string => (typeof value === 'number' ? formatMoney(value) : '—');
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : String(item))) : [];
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Approvers of a path snapshot, in order: "Fay First, Sam Second" (or "nobody"). */
function path(value: unknown): string {
  const people = Array.isArray(value)
    ? value.map((person: { id?: number; name?: string | null }) => person.name ?? `User #${person.id}`)
    : [];
  return people.length ? people.join(' → ') : 'nobody';
}

function funded(details: Details): string {
  return typeof details.funded === 'number' && details.funded > 0 ? `; ${formatMoney(details.funded)} funded` : '';
}

/** What changed, in words, from the entry's details (amounts are cents). */
export function describeDetails(entry: Pick<AuditEntryResource, 'action' | 'details'>): string {
  const d = entry.details;
  switch (entry.action) {
    case 'card.created':
      return `${capitalised(text(d.type) || 'new')} card`;
    case 'card.status_changed':
      // The system's changes say why (the receipt policy's reason).
      return `${capitalised(text(d.old_status))} → ${capitalised(text(d.new_status))}${text(d.reason) ? `: ${text(d.reason)}` : ''}`;
    case 'card.funded':
      return `Spending limit ${cents(d.old_spending_limit)} → ${cents(d.new_spending_limit)}${text(d.description) ? ` (${text(d.description)})` : ''}`;
    case 'cards.funded_many':
      return `${typeof d.count === 'number' ? d.count : 'Several'} cards, ${cents(d.total)} in all`;
    case 'topup.created':
      return `${cents(d.amount)}${text(d.description) ? ` (${text(d.description)})` : ''}`;
    case 'user.roles_changed':
      return `${list(d.old_roles).join(', ') || 'no role'} → ${list(d.new_roles).join(', ')}`;
    case 'user.invited':
      return `As ${list(d.roles).join(', ')}${d.new_user === true ? ' (new user)' : ''}`;
    case 'purchase_request.force_decided':
      return `Force ${text(d.status)}, ${cents(d.amount)}${funded(d)}`;
    case 'purchase_request.approval_decided':
      return `${capitalised(text(d.status))} at step ${typeof d.position === 'number' ? d.position : '?'}, ${cents(d.amount)}${funded(d)}${text(d.notes) ? `: “${text(d.notes)}”` : ''}`;
    case 'recurring.paused':
      return d.paused_by === 'system'
        ? `Paused by the system${text(d.reason) ? `: ${text(d.reason)}` : ''}`
        : 'Paused by an admin';
    case 'recurring.unpaused':
      return d.next_run ? `Next funding ${formatDay(text(d.next_run))}` : 'No further funding';
    case 'recurring.deleted':
      return `${capitalised(text(d.interval))} request #${typeof d.purchase_request_id === 'number' ? d.purchase_request_id : '?'}`;
    case 'team.approval_path_changed':
      return `Was ${path(d.old_path)}; now ${path(d.new_path)}`;
    case 'wallet_category.created':
      return `${text(d.name)}${text(d.gl_code) ? ` (GL code ${text(d.gl_code)})` : ''}`;
    case 'wallet_category.renamed':
      return `${text(d.old_name)} → ${text(d.new_name)}`;
    case 'wallet_category.gl_code_changed':
      return `GL code ${text(d.old_gl_code) || 'none'} → ${text(d.new_gl_code) || 'none'}`;
    default:
      return '';
  }
}

/** "Card · Mia Member •••• 4242", or the subject type and id when there is no label. */
export function describeSubject(
  entry: Pick<AuditEntryResource, 'subject_type' | 'subject_id' | 'subject_label'>,
): string {
  const kind = AUDIT_SUBJECT_LABELS[entry.subject_type] ?? entry.subject_type;
  if (entry.subject_label) return `${kind} · ${entry.subject_label}`;
  return entry.subject_id === null ? kind : `${kind} #${entry.subject_id}`;
}
