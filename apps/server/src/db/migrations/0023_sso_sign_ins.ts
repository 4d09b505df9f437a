import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on from the giving product waits for the person to confirm it: GET /sso/login keeps whom the checked
 * token names under a random key (the browser's httpOnly cookie holds the only copy), and the confirming POST takes
 * it out. A cross-site page can start one but can't confirm it, so it can't sign a browser in as someone else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_sign_ins (
      key_hash text PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX sso_sign_ins_expires_at ON sso_sign_ins (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sso_sign_ins;`.execute(db);
}
