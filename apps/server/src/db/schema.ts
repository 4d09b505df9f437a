import type { ColumnType, Generated } from 'kysely';
import type { DeclineDetail, ReceiptMatch, ReceiptOcr, SpendingControls } from '@wallet/contract';

/** Table types for Kysely; each module reads and writes only its own tables. */
// Updatable only so tests can age rows (terms exemption, expiry); application code never moves them.
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  cell_phone: string | null;
  address: string | null;
  address2: string | null;
  city: string | null;
  state_province: string | null;
  postal: string | null;
  avatar_path: string | null;
  stripe_cardholder_id: string | null;
  issuing_tos_accepted_at: Date | null;
  issuing_tos_ip: string | null;
  issuing_tos_user_agent: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserRolesTable {
  org_id: number;
  user_id: number;
  role: string;
  created_at: CreatedAt;
}

export interface TeamsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  color: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TeamMembersTable {
  org_id: number;
  team_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface TeamApproversTable {
  org_id: number;
  team_id: number;
  user_id: number;
  position: number;
}

export interface SessionsTable {
  password_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  id: string;
  org_id: number;
  user_id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: Date;
}

export interface ThrottlesTable {
  key: string;
  hits: number;
  window_started_at: Date;
}

export interface InvitationsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  token_hash: string;
  invited_by: number | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  requested_ip: string | null;
  created_at: CreatedAt;
}

export interface EmailChangesTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface MailMessagesTable {
  id: Generated<number>;
  org_id: number | null;
  kind: string;
  to_email: string;
  to_name: string | null;
  subject: string;
  html_body: string;
  text_body: string;
  status: ColumnType<'queued' | 'sent' | 'stored' | 'failed', 'queued' | 'sent' | 'stored' | 'failed' | undefined>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
  /** The work that wrote it, when a retried job could write it twice (migration 0038): unique. */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** While set and in the future, one delivery job is sending the message (migration 0016). */
  sending_until: Date | null;
}

/** One person's switches of one notification kind (migration 0030); no row: the contract's defaults. */
export interface NotificationSwitchesTable {
  org_id: number;
  user_id: number;
  kind: string;
  in_app: boolean;
  mail: boolean;
  updated_at: UpdatedAt;
}

/** Card Settings (migration 0029): one organisation's defaults for new cards; no row means the defaults. */
export interface CardSettingsTable {
  org_id: number;
  default_type: 'virtual' | 'physical';
  default_shipping_service: 'standard' | 'express' | 'priority';
  default_spending_controls: ColumnType<SpendingControls, string, string>;
  org_funds_low_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set while the admins know the funds are below the threshold (told once per crossing). */
  org_funds_low_notified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Receipt and memo policy (issue 21 points 4, 5); null: every purchase needs a receipt, no reminders, never, none. */
  receipt_required_above: ColumnType<number | null, number | null | undefined, number | null>;
  receipt_reminder_days: ColumnType<number | null, number | null | undefined, number | null>;
  receipt_deactivate_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** When receipt_deactivate_days was turned on: only purchases posted from then on deactivate a card. */
  receipt_deactivate_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  memo_required_above: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: UpdatedAt;
}

export type LedgerAccountKind = 'issuer_funds' | 'card' | 'spent' | 'outside';

export interface LedgerAccountsTable {
  id: Generated<number>;
  org_id: number;
  kind: LedgerAccountKind;
  card_id: number | null;
  balance: ColumnType<number, number | undefined, never>;
}

export interface JournalEntriesTable {
  id: Generated<number>;
  org_id: number;
  reference: string;
  kind: string;
  description: string | null;
  card_id: number | null;
  user_id: number | null;
  created_by: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface JournalLinesTable {
  id: Generated<number>;
  entry_id: number;
  org_id: number;
  account_id: number;
  amount: number;
}

export interface Address {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}
export interface Shipping {
  service: 'standard' | 'express' | 'priority';
  name: string;
  address: Address;
}

export interface CardholdersTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  provider: string;
  provider_cardholder_id: string;
  name: string;
  legal_first_name: string;
  legal_last_name: string;
  billing: ColumnType<Address, string, string>;
  created_at: CreatedAt;
  /** The issuer's status of the person (Stripe's issuing_cardholder.updated); null until it tells us. */
  issuer_status: 'active' | 'inactive' | 'blocked' | null;
  /** Why the issuer disabled the cardholder (requirements.disabled_reason), and the fields it still needs (past_due). */
  requirements_disabled_reason: string | null;
  requirements_past_due: ColumnType<string[], string[] | undefined, string[]>;
  issuer_updated_at: Date | null;
}

export interface CardsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  cardholder_id: number;
  provider: string;
  provider_card_id: string;
  name: string;
  brand: string;
  type: 'virtual' | 'physical';
  /** 'canceled' is terminal: lost, stolen or expired at the issuer (its reason in cancellation_reason). */
  status: ColumnType<CardStatus, CardStatus | undefined, CardStatus>;
  cancellation_reason: string | null;
  canceled_at: Date | null;
  last4: string;
  exp_month: number;
  exp_year: number;
  spending_limit: ColumnType<number, number | undefined, number>;
  holds_amount: ColumnType<number, number | undefined, number>;
  shipping: ColumnType<Shipping | null, string | null, string | null>;
  last_used_at: Date | null;
  /** Stripe-shaped controls (contract card-controls.ts), enforced by the decision and mirrored to the issuer. */
  spending_controls: ColumnType<SpendingControls, string | undefined, string>;
  nickname: string | null;
  purpose: string | null;
  /** Only merchants whose name contains this (case-insensitive) are approved. */
  merchant_lock: string | null;
  /** On this day (UTC) the remaining limit returns to the organisation. */
  allocation_expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Cents; the holder hears when what is left to spend falls below it (null: never). */
  low_balance_threshold: number | null;
  /** When the allocation expiry job returned what was left (allocation_expires_on reached); a new date clears it. */
  allocation_expired_at: Date | null;
  /** The receipt policy deactivated it (issue 21.4), so the policy reactivates it; any other status change clears it. */
  receipt_policy_deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** An admin reactivated it over the policy: purchases overdue by then are not held against it again. */
  receipt_policy_exempt_before: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type CardStatus = 'active' | 'inactive' | 'canceled';

export interface TopupsTable {
  id: Generated<number>;
  org_id: number;
  amount: number;
  description: string;
  /** 'reversed': the issuer took it back after it succeeded (terminal; a topup_reversal entry if it was credited). */
  status: 'pending' | 'succeeded' | 'failed' | 'reversed';
  provider: string;
  provider_topup_id: string | null;
  idempotency_key: string;
  created_by: number | null;
  created_at: CreatedAt;
  settled_at: Date | null;
  /** Why the issuer refused it (failed top-ups only). */
  failure_message: string | null;
  reversed_at: Date | null;
}

export interface IssuerSimCardholdersTable {
  id: string;
  org_id: number;
  idempotency_key: string | null;
  name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  billing: ColumnType<Address, string, string>;
  terms_accepted_at: Date | null;
  terms_ip: string | null;
  terms_user_agent: string | null;
  created_at: CreatedAt;
}

export interface IssuerSimCardsTable {
  id: string;
  org_id: number;
  idempotency_key: string | null;
  cardholder_id: string;
  number: string;
  cvc: string;
  exp_month: number;
  exp_year: number;
  type: string;
  status: string;
  spending_limit: ColumnType<number, number | undefined, number>;
  shipping: ColumnType<Shipping | null, string | null, string | null>;
  created_at: CreatedAt;
}

export interface IssuerSimTopupsTable {
  id: string;
  org_id: number;
  idempotency_key: string | null;
  amount: number;
  description: string | null;
  status: string;
  created_at: CreatedAt;
}

export interface AuthorizationHoldsTable {
  id: Generated<number>;
  org_id: number;
  card_id: number;
  provider: string;
  provider_authorization_id: string;
  approved: boolean;
  decline_reason: string | null;
  /** What the decision knew when it declined (contract DeclineDetail). */
  decline_detail: ColumnType<DeclineDetail | null, string | null | undefined, string | null>;
  /** What the card had left to spend once this approved hold was taken (the notifier's "card low"). */
  available_after: ColumnType<number | null, number | null | undefined, number | null>;
  status: 'pending' | 'closed' | 'reversed' | 'expired' | 'declined';
  requested_amount: number;
  amount: ColumnType<number, number | undefined, number>;
  merchant_data: ColumnType<Record<string, string | null>, string | undefined, string>;
  wallet: 'apple_pay' | 'google_pay' | 'samsung_pay' | null;
  stripe_created: number;
  user_id: number | null;
  captured_amount: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ExpensesTable {
  id: Generated<number>;
  org_id: number;
  card_id: number;
  user_id: number;
  hold_id: number | null;
  provider: string;
  provider_transaction_id: string;
  type: 'capture' | 'refund';
  amount: number;
  merchant_data: ColumnType<Record<string, string | null>, string | undefined, string>;
  wallet: 'apple_pay' | 'google_pay' | 'samsung_pay' | null;
  wallet_category_id: number | null;
  team_id: number | null;
  notes: string | null;
  stripe_created: number;
  /** Set by the receipts module with the receipt's attachment (issue 21.2). */
  has_receipt: ColumnType<boolean, boolean | undefined, boolean>;
  /** Review (issue 21.6): when an admin marked it reviewed, and who; flagged for a closer look. */
  reviewed_at: Date | null;
  reviewed_by: number | null;
  flagged: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface WebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  payload: ColumnType<unknown, string, string>;
  received_at: CreatedAt;
  processed_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
}

type Decision = 'pending' | 'approved' | 'rejected';
type Interval = 'weekly' | 'monthly' | 'yearly';
/** Dates (PostgreSQL date) come back as YYYY-MM-DD strings (see database.ts). */
type DateString = string;

export interface WalletCategoriesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  /** Its general-ledger account code (issue 21.7, migration 0037). */
  gl_code: string | null;
  created_at: CreatedAt;
}

export interface PurchaseRequestsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  card_id: number;
  team_id: number;
  wallet_category_id: number | null;
  amount: number;
  notes: string;
  interval: Interval | null;
  start_date: DateString | null;
  end_date: DateString | null;
  approved_path: ColumnType<Decision, Decision | undefined, Decision>;
  approved_accounting: ColumnType<Decision, Decision | undefined, Decision>;
  accounting_notes: string | null;
  accounting_decided_by: number | null;
  submitted: CreatedAt;
  transferred: Date | null;
  updated_at: UpdatedAt;
}

export interface PurchaseRequestApprovalsTable {
  id: Generated<number>;
  org_id: number;
  purchase_request_id: number;
  approver_id: number;
  position: number;
  approved: ColumnType<Decision, Decision | undefined, Decision>;
  notes: string | null;
  decided_at: Date | null;
}

export interface ApprovalLinksTable {
  id: Generated<number>;
  org_id: number;
  /** Null once the step is gone (its approver was taken off the path, or the request was edited). */
  approval_id: number | null;
  purchase_request_id: number;
  action: 'approved' | 'rejected';
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  /** The step stopped waiting for this approver: the link answers "no longer needed". */
  voided_at: Date | null;
}

export interface RecurringPurchaseRequestsTable {
  id: Generated<number>;
  org_id: number;
  purchase_request_id: number;
  interval: Interval;
  start_date: DateString;
  end_date: DateString | null;
  last_run: DateString | null;
  next_run: DateString | null;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined, 'active' | 'inactive'>;
  is_paused: ColumnType<boolean, boolean | undefined, boolean>;
  paused_by: 'admin' | 'system' | null;
  pause_reason: string | null;
  created_at: CreatedAt;
}

export interface RecurringFundingsTable {
  id: Generated<number>;
  org_id: number;
  recurring_purchase_request_id: number;
  period_date: DateString;
  amount: number;
  funded_at: CreatedAt;
}

/**
 * Spend rollups (migration 0009), kept by the expenses_spend_rollups trigger; days and months are UTC. team_id and
 * wallet_category_id are 0 for none.
 */
export interface SpendOrgDailyTable {
  org_id: number;
  day: DateString;
  amount: ColumnType<number, number | undefined, number>;
  captures: ColumnType<number, number | undefined, number>;
  refunds: ColumnType<number, number | undefined, number>;
}

export interface SpendHolderDailyTable {
  org_id: number;
  user_id: number;
  day: DateString;
  team_id: ColumnType<number, number | undefined, number>;
  wallet_category_id: ColumnType<number, number | undefined, number>;
  amount: ColumnType<number, number | undefined, number>;
  captures: ColumnType<number, number | undefined, number>;
  refunds: ColumnType<number, number | undefined, number>;
}

export interface SpendHolderMonthlyTable {
  org_id: number;
  /** The 1st of the month. */
  month: DateString;
  user_id: number;
  team_id: ColumnType<number, number | undefined, number>;
  wallet_category_id: ColumnType<number, number | undefined, number>;
  amount: ColumnType<number, number | undefined, number>;
}

export interface SsoUsedTokensTable {
  jti: string;
  org_id: number;
  used_at: CreatedAt;
  expires_at: Date;
}

export interface SsoSignInsTable {
  key_hash: string;
  org_id: number;
  user_id: number;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface OrganizationLogosTable {
  org_id: number;
  content_type: string;
  bytes: Buffer;
  updated_at: UpdatedAt;
}

export interface OidcSignInsTable {
  key_hash: string;
  org_id: number;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: Date;
  created_at: CreatedAt;
}

export type RegistrationRequestStatus = 'pending' | 'approved' | 'blocked';

export interface RegistrationRequestsTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  first_name: string;
  last_name: string;
  status: ColumnType<RegistrationRequestStatus, RegistrationRequestStatus | undefined, RegistrationRequestStatus>;
  responder_id: number | null;
  responder_email: string | null;
  responder_name: string | null;
  responded_on: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RegistrationRequestLinksTable {
  id: Generated<number>;
  org_id: number;
  registration_request_id: number;
  admin_id: number;
  action: 'approve' | 'block';
  token_hash: string;
  expires_at: ColumnType<Date, Date, Date | string>;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface TwoFactorAuthenticatorsTable {
  org_id: number;
  user_id: number;
  secret: string;
  confirmed_at: Date | null;
  /** Bigint in PostgreSQL; time steps fit a number for millennia. */
  last_used_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface TwoFactorRecoveryCodesTable {
  org_id: number;
  user_id: number;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface TwoFactorChallengesTable {
  id: string;
  org_id: number;
  user_id: number;
  ip: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date, Date | string>;
}

export interface AuditLogTable {
  id: Generated<number>;
  org_id: number;
  actor_user_id: number | null;
  actor_kind: 'user' | 'system';
  action: string;
  subject_type: string;
  subject_id: number | null;
  subject_label: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip: string | null;
  user_agent: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** One row per database (migration 0020): its random id prefixes every idempotency key sent to the issuer. */
export interface InstallationTable {
  singleton: Generated<boolean>;
  id: Generated<string>;
  created_at: CreatedAt;
}

/** The issuer outbox (migration 0020): a card change the issuer must still be told about. */
export interface IssuerCommandsTable {
  id: Generated<number>;
  org_id: number;
  card_id: number;
  kind: 'card_status' | 'card_spending_limit';
  created_at: CreatedAt;
  sent_at: Date | null;
  failed_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  /** An in-app path (/cards/12) the notification opens. */
  link: string | null;
  created_at: CreatedAt;
  read_at: Date | null;
}

/** One row per card and limited interval: what its current window has spent (cards/spend-windows.ts). */
export interface CardSpendWindowsTable {
  org_id: number;
  card_id: number;
  interval: 'daily' | 'weekly' | 'monthly' | 'yearly';
  window_start: ColumnType<string, string, string>;
  spent: number;
}

/** The purchase notifier's one row (authorizations/purchase-notifier.ts). */
export interface PurchaseNotifierCursorTable {
  id: Generated<number>;
  last_hold_id: number;
  horizon_id: number | null;
  horizon_snapshot: string | null;
  updated_at: UpdatedAt;
}

export interface Database {
  card_spend_windows: CardSpendWindowsTable;
  purchase_notifier_cursor: PurchaseNotifierCursorTable;
  notifications: NotificationsTable;
  organizations: OrganizationsTable;
  installation: InstallationTable;
  issuer_commands: IssuerCommandsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_approvers: TeamApproversTable;
  sessions: SessionsTable;
  throttles: ThrottlesTable;
  two_factor_authenticators: TwoFactorAuthenticatorsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  mail_messages: MailMessagesTable;
  notification_switches: NotificationSwitchesTable;
  card_settings: CardSettingsTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  journal_lines: JournalLinesTable;
  cardholders: CardholdersTable;
  cards: CardsTable;
  topups: TopupsTable;
  issuer_sim_cardholders: IssuerSimCardholdersTable;
  issuer_sim_cards: IssuerSimCardsTable;
  issuer_sim_topups: IssuerSimTopupsTable;
  authorization_holds: AuthorizationHoldsTable;
  expenses: ExpensesTable;
  webhook_events: WebhookEventsTable;
  wallet_categories: WalletCategoriesTable;
  purchase_requests: PurchaseRequestsTable;
  purchase_request_approvals: PurchaseRequestApprovalsTable;
  approval_links: ApprovalLinksTable;
  recurring_purchase_requests: RecurringPurchaseRequestsTable;
  recurring_fundings: RecurringFundingsTable;
  spend_org_daily: SpendOrgDailyTable;
  spend_holder_daily: SpendHolderDailyTable;
  spend_holder_monthly: SpendHolderMonthlyTable;
  oidc_sign_ins: OidcSignInsTable;
  registration_requests: RegistrationRequestsTable;
  registration_request_links: RegistrationRequestLinksTable;
  sso_used_tokens: SsoUsedTokensTable;
  sso_sign_ins: SsoSignInsTable;
  organization_logos: OrganizationLogosTable;
  audit_log: AuditLogTable;
  receipts: ReceiptsTable;
  month_closes: MonthClosesTable;
  receipt_reminders: ReceiptRemindersTable;
}

export interface ReceiptsTable {
  id: Generated<number>;
  org_id: number;
  /** Null while the receipt waits in the inbox, unmatched. */
  expense_id: number | null;
  uploaded_by: number | null;
  /** The file's random key in the receipt storage. */
  storage_key: string;
  type: 'jpeg' | 'png' | 'heic' | 'pdf';
  byte_size: number;
  sha256: string;
  file_name: string;
  /** The inbox's reading; null for a receipt attached by hand (never read). */
  reading: 'queued' | 'read' | 'unreadable' | 'failed' | null;
  ocr: ColumnType<ReceiptOcr | null, string | null | undefined, string | null>;
  match: ColumnType<ReceiptMatch | null, string | null | undefined, string | null>;
  read_at: Date | null;
  created_at: CreatedAt;
}

/** A purchase whose cardholder the receipt policy reminded of its missing receipt (issue 21.4): once each. */
export interface ReceiptRemindersTable {
  org_id: number;
  expense_id: number;
  sent_at: CreatedAt;
}

/** A month the organisation closed (issue 21.6): its transactions are locked; reopening deletes the row. */
export interface MonthClosesTable {
  org_id: number;
  /** The month's 1st, YYYY-MM-DD (UTC). */
  month: string;
  closed_at: CreatedAt;
  closed_by: number | null;
}
