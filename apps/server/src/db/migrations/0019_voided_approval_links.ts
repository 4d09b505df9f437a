import { sql, type Kysely } from 'kysely';

/**
 * Approval links outlive the step they were mailed for. When a team's approval path changes, the steps of
 * approvers taken off it are removed from pending requests; their links stay, voided, so a click answers
 * "no longer needed" rather than "not found". A link now belongs to its request (gone with it), and its step
 * only while the step exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE approval_links DROP CONSTRAINT approval_links_approval_id_fkey;
    ALTER TABLE approval_links ALTER COLUMN approval_id DROP NOT NULL;
    ALTER TABLE approval_links ADD CONSTRAINT approval_links_approval_id_fkey
      FOREIGN KEY (approval_id) REFERENCES purchase_request_approvals(id) ON DELETE SET NULL;
    ALTER TABLE approval_links ADD CONSTRAINT approval_links_purchase_request_id_fkey
      FOREIGN KEY (purchase_request_id) REFERENCES purchase_requests(id) ON DELETE CASCADE;
    ALTER TABLE approval_links ADD COLUMN voided_at timestamptz;
    CREATE INDEX approval_links_approval ON approval_links (approval_id);
    CREATE INDEX approval_links_request ON approval_links (purchase_request_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS approval_links_request;
    DROP INDEX IF EXISTS approval_links_approval;
    ALTER TABLE approval_links DROP COLUMN IF EXISTS voided_at;
    ALTER TABLE approval_links DROP CONSTRAINT IF EXISTS approval_links_purchase_request_id_fkey;
    DELETE FROM approval_links WHERE approval_id IS NULL;
    ALTER TABLE approval_links DROP CONSTRAINT approval_links_approval_id_fkey;
    ALTER TABLE approval_links ALTER COLUMN approval_id SET NOT NULL;
    ALTER TABLE approval_links ADD CONSTRAINT approval_links_approval_id_fkey
      FOREIGN KEY (approval_id) REFERENCES purchase_request_approvals(id) ON DELETE CASCADE;
  `.execute(db);
}
