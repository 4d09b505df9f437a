import { sql, type Kysely } from 'kysely';

/** Wallet categories, purchase requests with their approval steps and one-click mail links, recurring requests. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE wallet_categories (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (org_id, id)
    );
    CREATE UNIQUE INDEX wallet_categories_org_name ON wallet_categories (org_id, lower(name));

    CREATE TABLE purchase_requests (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      card_id bigint NOT NULL,
      team_id bigint NOT NULL,
      wallet_category_id bigint,
      amount bigint NOT NULL CHECK (amount > 0),
      notes text NOT NULL CHECK (length(notes) <= 255),
      interval text CHECK (interval IN ('weekly', 'monthly', 'yearly')),
      start_date date,
      end_date date,
      approved_path text NOT NULL DEFAULT 'pending' CHECK (approved_path IN ('pending', 'approved', 'rejected')),
      approved_accounting text NOT NULL DEFAULT 'pending' CHECK (approved_accounting IN ('pending', 'approved', 'rejected')),
      accounting_notes text,
      accounting_decided_by bigint,
      submitted timestamptz NOT NULL DEFAULT now(),
      transferred timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (org_id, id),
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE,
      FOREIGN KEY (org_id, card_id) REFERENCES cards (org_id, id),
      FOREIGN KEY (org_id, team_id) REFERENCES teams (org_id, id),
      FOREIGN KEY (org_id, wallet_category_id) REFERENCES wallet_categories (org_id, id)
    );
    CREATE INDEX purchase_requests_org_submitted ON purchase_requests (org_id, submitted DESC);
    CREATE INDEX purchase_requests_user ON purchase_requests (org_id, user_id);

    -- One step per approver on the team's path, decided in position order.
    CREATE TABLE purchase_request_approvals (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      purchase_request_id bigint NOT NULL REFERENCES purchase_requests(id) ON DELETE CASCADE,
      approver_id bigint NOT NULL,
      position integer NOT NULL,
      approved text NOT NULL DEFAULT 'pending' CHECK (approved IN ('pending', 'approved', 'rejected')),
      notes text CHECK (length(notes) <= 255),
      decided_at timestamptz,
      UNIQUE (purchase_request_id, position),
      UNIQUE (purchase_request_id, approver_id),
      FOREIGN KEY (org_id, approver_id) REFERENCES users (org_id, id) ON DELETE CASCADE
    );
    CREATE INDEX purchase_request_approvals_approver ON purchase_request_approvals (org_id, approver_id, approved);

    -- Approve and reject links mailed to an approver: signed by being random, stored as digests, single use.
    CREATE TABLE approval_links (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      approval_id bigint NOT NULL REFERENCES purchase_request_approvals(id) ON DELETE CASCADE,
      purchase_request_id bigint NOT NULL,
      action text NOT NULL CHECK (action IN ('approved', 'rejected')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );

    CREATE TABLE recurring_purchase_requests (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      purchase_request_id bigint NOT NULL UNIQUE REFERENCES purchase_requests(id) ON DELETE CASCADE,
      interval text NOT NULL CHECK (interval IN ('weekly', 'monthly', 'yearly')),
      start_date date NOT NULL,
      end_date date,
      last_run date,
      next_run date,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      is_paused boolean NOT NULL DEFAULT false,
      paused_by text CHECK (paused_by IN ('admin', 'system')),
      pause_reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX recurring_due ON recurring_purchase_requests (next_run) WHERE status = 'active' AND NOT is_paused;

    -- Each period of a recurring request is funded once, whatever runs it and however often.
    CREATE TABLE recurring_fundings (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      recurring_purchase_request_id bigint NOT NULL REFERENCES recurring_purchase_requests(id) ON DELETE CASCADE,
      period_date date NOT NULL,
      amount bigint NOT NULL,
      funded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (recurring_purchase_request_id, period_date)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recurring_fundings, recurring_purchase_requests, approval_links, purchase_request_approvals, purchase_requests, wallet_categories`.execute(
    db,
  );
}
