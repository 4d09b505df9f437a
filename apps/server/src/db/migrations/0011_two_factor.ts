import type { Kysely } from 'kysely';

/** Reserved slot: filled by the feature that owns it. Empty until then so the order stays fixed. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
