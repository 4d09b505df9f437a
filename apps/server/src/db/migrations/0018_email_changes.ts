import { sql, type Kysely } from 'kysely';

/**
 * People changing their own email: the new address is confirmed by a single-use link mailed to it (SHA-256 of the
 * token at rest, expiring like a password reset link); the change applies only when the link is opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_changes (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      new_email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX email_changes_user ON email_changes (org_id, user_id) WHERE used_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE email_changes;`.execute(db);
}
