import { sql, type Kysely } from 'kysely';

/** Where and with what the issuing terms were accepted, so a later first card passes them to the issuer. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN issuing_tos_ip text;
    ALTER TABLE users ADD COLUMN issuing_tos_user_agent text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN issuing_tos_ip, DROP COLUMN issuing_tos_user_agent`.execute(db);
}
