import { sql, type Kysely } from 'kysely';

/**
 * Google sign-in (OpenID Connect): the short-lived state of a sign-in in flight, and the registration requests
 * of people who signed in with Google but hold no wallet role, with the admins' single-use approve/block links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One row per sign-in started at /oauth/google/redirect; the browser's cookie holds the only copy of the key.
    CREATE TABLE oidc_sign_ins (
      key_hash text PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      state text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      redirect_uri text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX oidc_sign_ins_expires ON oidc_sign_ins (expires_at);

    CREATE TABLE registration_requests (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'blocked')),
      responder_id bigint,
      responder_email text,
      responder_name text,
      responded_on timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (org_id, id),
      FOREIGN KEY (org_id, responder_id) REFERENCES users (org_id, id) ON DELETE SET NULL (responder_id)
    );
    CREATE UNIQUE INDEX registration_requests_org_email ON registration_requests (org_id, lower(email));

    -- The approve and block links mailed to each admin; only the SHA-256 of the token is stored.
    CREATE TABLE registration_request_links (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      registration_request_id bigint NOT NULL,
      admin_id bigint NOT NULL,
      action text NOT NULL CHECK (action IN ('approve', 'block')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, registration_request_id) REFERENCES registration_requests (org_id, id) ON DELETE CASCADE,
      FOREIGN KEY (org_id, admin_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX registration_request_links_request ON registration_request_links (org_id, registration_request_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE registration_request_links, registration_requests, oidc_sign_ins;`.execute(db);
}
