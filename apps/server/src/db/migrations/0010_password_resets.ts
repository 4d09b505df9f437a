import { sql, type Kysely } from 'kysely';

/** Password reset links: single use, expiring, and only the SHA-256 of the token is stored. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE password_resets (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      requested_ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX password_resets_user ON password_resets (org_id, user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE password_resets;`.execute(db);
}
