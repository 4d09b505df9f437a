import { sql, type Kysely } from 'kysely';

/** Invitations, the mail outbox, per-user notification preferences; team names unique per organisation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNIQUE INDEX teams_org_name ON teams (org_id, lower(name));

    -- Single-use invitation links; only the SHA-256 of the token is stored.
    CREATE TABLE invitations (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      token_hash text NOT NULL UNIQUE,
      invited_by bigint,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX invitations_user ON invitations (org_id, user_id);

    -- Every mail the product sends: the outbox shown at /dev/mailbox, and the delivery record for SMTP.
    CREATE TABLE mail_messages (
      id bigserial PRIMARY KEY,
      org_id bigint REFERENCES organizations(id) ON DELETE CASCADE,
      kind text NOT NULL,
      to_email text NOT NULL,
      to_name text,
      subject text NOT NULL,
      html_body text NOT NULL,
      text_body text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'stored', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz
    );
    CREATE INDEX mail_messages_org_created ON mail_messages (org_id, created_at DESC);

    CREATE TABLE notification_preferences (
      org_id bigint NOT NULL,
      user_id bigint PRIMARY KEY,
      approval_needed boolean NOT NULL DEFAULT true,
      request_decided boolean NOT NULL DEFAULT true,
      card_funded boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE notification_preferences, mail_messages, invitations; DROP INDEX teams_org_name;`.execute(db);
}
