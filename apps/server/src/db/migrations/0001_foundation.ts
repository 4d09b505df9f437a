import { sql, type Kysely } from 'kysely';

/** Organisations, users and roles, teams with approval paths, sessions and throttles. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organizations (
      id bigserial PRIMARY KEY,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      email text NOT NULL CHECK (length(email) <= 255),
      first_name text NOT NULL CHECK (length(first_name) <= 255),
      last_name text NOT NULL CHECK (length(last_name) <= 255),
      password_hash text,
      cell_phone text, address text, address2 text, city text, state_province text, postal text,
      avatar_path text,
      stripe_cardholder_id text,
      issuing_tos_accepted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (org_id, id)
    );
    CREATE UNIQUE INDEX users_org_email ON users (org_id, lower(email));

    CREATE TABLE user_roles (
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      role text NOT NULL CHECK (role IN ('super-admin', 'wallet-admin', 'wallet-finance', 'wallet-user')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, role),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX user_roles_org ON user_roles (org_id, role);

    CREATE TABLE teams (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
      color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (org_id, id)
    );

    CREATE TABLE team_members (
      org_id bigint NOT NULL,
      team_id bigint NOT NULL,
      user_id bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, user_id),
      FOREIGN KEY (org_id, team_id) REFERENCES teams (org_id, id) ON DELETE CASCADE,
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX team_members_user ON team_members (org_id, user_id);

    -- The ordered approval path of a team: position 0 decides first.
    CREATE TABLE team_approvers (
      org_id bigint NOT NULL,
      team_id bigint NOT NULL,
      user_id bigint NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      PRIMARY KEY (team_id, user_id),
      UNIQUE (team_id, position) DEFERRABLE INITIALLY DEFERRED,
      FOREIGN KEY (org_id, team_id) REFERENCES teams (org_id, id) ON DELETE CASCADE,
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );

    -- Server-side sessions; id is the SHA-256 of the cookie's token, so a database read leaks no live cookie.
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE INDEX sessions_last_seen ON sessions (last_seen_at);

    -- Fixed-window counters shared by every server process (login throttling and other rate limits).
    CREATE TABLE throttles (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_started_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE throttles, sessions, team_approvers, team_members, teams, user_roles, users, organizations`.execute(
    db,
  );
}
