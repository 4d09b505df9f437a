/**
 * The audit log (ARCHITECTURE.md D5): admin actions that change money, roles, card status or approvals. The action names
 * are stored; the words are what Account Settings -> Audit Log shows.
 */
export const AUDIT_ACTION_LABELS = {
  'card.created': 'Issued a card',
  'card.status_changed': 'Changed a card status',
  'card.funded': 'Set a card balance',
  'cards.funded_many': 'Funded several cards',
  'card.controls_changed': 'Changed card spending controls',
  'card.details_changed': 'Changed card details',
  'card.allocation_expired': 'Returned an expired card allocation',
  'topup.created': 'Added funds',
  'user.roles_changed': 'Changed a role',
  'user.invited': 'Invited a user',
  'purchase_request.force_decided': 'Forced a request decision',
  'purchase_request.approval_decided': 'Decided an approval step',
  'recurring.paused': 'Paused a recurring request',
  'recurring.unpaused': 'Unpaused a recurring request',
  'recurring.deleted': 'Deleted a recurring request',
  'team.approval_path_changed': 'Changed an approval path',
  'wallet_category.created': 'Created a category',
  'wallet_category.renamed': 'Renamed a category',
  'wallet_category.gl_code_changed': "Changed a category's GL code",
  'card_settings.updated': 'Changed Card Settings',
  'month.closed': 'Closed a month',
  'month.reopened': 'Reopened a month',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export const AUDIT_SUBJECT_TYPES = [
  'card',
  'cards',
  'topup',
  'user',
  'purchase_request',
  'recurring_purchase_request',
  'team',
  'wallet_category',
  'card_settings',
  'month',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const AUDIT_SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  card: 'Card',
  cards: 'Cards',
  topup: 'Top-up',
  user: 'User',
  purchase_request: 'Request',
  recurring_purchase_request: 'Recurring request',
  team: 'Team',
  wallet_category: 'Category',
  card_settings: 'Card Settings',
  month: 'Month',
};

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** GET /api/audit-log rows. Amounts in details are integer cents. */
export interface AuditEntryResource {
  id: number;
  action: AuditAction;
  actor_kind: 'user' | 'system';
  actor_user_id: number | null;
  /** With include=actor: the actor's current name (null for the system or a person no longer there). */
  actor?: { id: number; name: string } | null;
  subject_type: AuditSubjectType;
  subject_id: number | null;
  subject_label: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export const AUDIT_TEXTS = {
  tab: 'Audit Log',
  empty: 'No audit entries match these filters.',
  /** With no filter set: nothing an admin did has been recorded yet. */
  none: 'No audit entries yet. Changes admins make to money, roles, cards and approvals appear here.',
  system: 'System',
  formerUser: 'Former user',
  actorPlaceholder: 'All actors',
  actionPlaceholder: 'All actions',
} as const;
