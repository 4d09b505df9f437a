import { sql, type Kysely } from 'kysely';

const KINDS_BEFORE = `'purchase_approved', 'purchase_declined', 'card_funded', 'request_decided', 'approval_needed',
  'card_low', 'org_funds_low'`;

/**
 * The receipt policy's memory (issue 21 point 4). receipt_reminders: the purchases whose cardholder was reminded of a
 * missing receipt, so each is reminded once however often (and from however many processes) the schedule runs.
 * cards.receipt_policy_deactivated_at: the policy deactivated this card, so the policy (and only the policy) reactivates
 * it when its receipts arrive; any other status change clears it. cards.receipt_policy_exempt_before: an admin
 * reactivated a card the policy had deactivated, so purchases overdue by then are not held against it again. The
 * notification switches take the policy's two kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE receipt_reminders (
      org_id bigint NOT NULL,
      -- The service reminds of a transaction of the same organisation (expenses has no (org_id, id) key to name).
      expense_id bigint PRIMARY KEY REFERENCES expenses (id) ON DELETE CASCADE,
      sent_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE cards
      ADD COLUMN receipt_policy_deactivated_at timestamptz,
      ADD COLUMN receipt_policy_exempt_before timestamptz;
    CREATE INDEX cards_receipt_policy_deactivated ON cards (org_id) WHERE receipt_policy_deactivated_at IS NOT NULL;
    ALTER TABLE notification_switches DROP CONSTRAINT notification_switches_kind_check;
    ALTER TABLE notification_switches ADD CONSTRAINT notification_switches_kind_check
      CHECK (kind IN (${sql.raw(KINDS_BEFORE)}, 'receipt_reminder', 'receipt_card_status'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM notification_switches WHERE kind IN ('receipt_reminder', 'receipt_card_status');
    ALTER TABLE notification_switches DROP CONSTRAINT notification_switches_kind_check;
    ALTER TABLE notification_switches ADD CONSTRAINT notification_switches_kind_check
      CHECK (kind IN (${sql.raw(KINDS_BEFORE)}));
    ALTER TABLE cards DROP COLUMN receipt_policy_deactivated_at, DROP COLUMN receipt_policy_exempt_before;
    DROP TABLE receipt_reminders;
  `.execute(db);
}
