import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on from the giving product: the id (jti) of every token already used, so a token signs in once.
 * Organisation logos uploaded by admins, kept in the database so every server process serves the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_used_tokens (
      jti text PRIMARY KEY,
      org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      used_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sso_used_tokens_expires_at ON sso_used_tokens (expires_at);

    CREATE TABLE organization_logos (
      org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE organization_logos; DROP TABLE sso_used_tokens;`.execute(db);
}
