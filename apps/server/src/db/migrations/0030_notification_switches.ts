import { sql, type Kysely } from 'kysely';

/**
 * Notification switches (issue 20 point 7): each kind of notification on or off, per person, in the bell (in_app)
 * and by mail; a kind without a row has the contract's NOTIFICATION_SWITCH_DEFAULTS. The mail preferences of 0002
 * (three kinds, mail only) become the mail switches of those kinds, in the bell as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notification_switches (
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('purchase_approved', 'purchase_declined', 'card_funded', 'request_decided',
        'approval_needed', 'card_low', 'org_funds_low')),
      in_app boolean NOT NULL,
      mail boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, kind),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    INSERT INTO notification_switches (org_id, user_id, kind, in_app, mail)
      SELECT org_id, user_id, old.kind, true, old.mail
      FROM notification_preferences,
        LATERAL (VALUES ('approval_needed', approval_needed), ('request_decided', request_decided),
          ('card_funded', card_funded)) AS old (kind, mail);
    DROP TABLE notification_preferences;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notification_preferences (
      org_id bigint NOT NULL,
      user_id bigint PRIMARY KEY,
      approval_needed boolean NOT NULL DEFAULT true,
      request_decided boolean NOT NULL DEFAULT true,
      card_funded boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    INSERT INTO notification_preferences (org_id, user_id, approval_needed, request_decided, card_funded)
      SELECT org_id, user_id,
        coalesce(bool_and(mail) FILTER (WHERE kind = 'approval_needed'), true),
        coalesce(bool_and(mail) FILTER (WHERE kind = 'request_decided'), true),
        coalesce(bool_and(mail) FILTER (WHERE kind = 'card_funded'), true)
      FROM notification_switches GROUP BY org_id, user_id;
    DROP TABLE notification_switches;
  `.execute(db);
}
