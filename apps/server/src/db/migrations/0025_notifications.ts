import { sql, type Kysely } from 'kysely';

/**
 * The in-app notification centre (issue 20 point 7): what happened for one person (a purchase decided, a card
 * funded, a request decided or waiting for them), newest first, read or not. Written in the transaction of the change
 * it tells of, so it exists exactly when the change does; the open app hears of it through the live events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      org_id bigint NOT NULL,
      user_id bigint NOT NULL,
      kind text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      link text,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE,
      CHECK (link IS NULL OR link LIKE '/%')
    );
    CREATE INDEX notifications_recent ON notifications (org_id, user_id, id DESC);
    CREATE INDEX notifications_unread ON notifications (org_id, user_id) WHERE read_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE notifications;`.execute(db);
}
