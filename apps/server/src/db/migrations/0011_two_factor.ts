import { sql, type Kysely } from 'kysely';

/**
 * TOTP two-factor sign-in: one authenticator per user (confirmed_at null while being set up), the last time
 * step a code was accepted for (a code is never accepted twice), hashed single-use recovery codes, and the
 * pending sign-ins between a right password and a right code (id is the SHA-256 of the challenge cookie).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE two_factor_authenticators (
      org_id bigint NOT NULL,
      user_id bigint PRIMARY KEY,
      secret text NOT NULL,
      confirmed_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );

    CREATE TABLE two_factor_recovery_codes (
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, code_hash),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );

    CREATE TABLE two_factor_challenges (
      id text PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX two_factor_challenges_user ON two_factor_challenges (user_id);
    CREATE INDEX two_factor_challenges_expires ON two_factor_challenges (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE two_factor_challenges, two_factor_recovery_codes, two_factor_authenticators`.execute(db);
}
