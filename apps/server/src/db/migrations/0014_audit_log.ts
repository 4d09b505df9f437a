import { sql, type Kysely } from 'kysely';

/**
 * The audit log: one row per admin action that changes money, roles, card status or approvals, written in the
 * transaction of the change. Append-only: the database refuses UPDATE, DELETE and TRUNCATE. The actor has no
 * foreign key on purpose, so a row outlives the person (and nothing ever has to update it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id),
      actor_user_id bigint,
      actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'system')),
      action text NOT NULL CHECK (action ~ '^[a-z_]+([.][a-z_]+)+$'),
      subject_type text NOT NULL CHECK (length(subject_type) BETWEEN 1 AND 50),
      subject_id bigint,
      subject_label text CHECK (length(subject_label) <= 255),
      details jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object'),
      ip text CHECK (length(ip) <= 100),
      user_agent text CHECK (length(user_agent) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((actor_kind = 'user') = (actor_user_id IS NOT NULL))
    );
    CREATE INDEX audit_log_org_created ON audit_log (org_id, created_at DESC, id DESC);
    CREATE INDEX audit_log_org_actor ON audit_log (org_id, actor_user_id, created_at DESC);
    CREATE INDEX audit_log_org_action ON audit_log (org_id, action, created_at DESC);

    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE audit_log;
    DROP FUNCTION audit_log_append_only;
  `.execute(db);
}
