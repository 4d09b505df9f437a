import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Statements run as named prepared statements, one per distinct SQL text and connection (issue 19.9): PostgreSQL then
 * parses and plans a statement once per connection, not on every call. Planning cost more than running for most of
 * our statements (the session lookup: 0.43 ms of PostgreSQL's CPU unnamed, 0.06 ms prepared), so this is the largest
 * single saving per request. Only for a direct connection: PgBouncer in transaction pooling mode (1.18) cannot carry
 * named statements from one transaction to the next (createDb's `prepareStatements`, ARCHITECTURE.md D12).
 */

/**
 * Past this many, a connection runs new texts unprepared: texts that differ only in the length of an IN list would
 * otherwise each stay prepared (and planned) for the connection's life.
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

/**
 * Only plannable statements with parameters; transaction control, DECLARE, COPY and DDL go as they are, and so does
 * text without parameters, which may hold several statements (a prepared statement holds one).
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's answer to a prepared statement whose tables' columns changed since (a migration by a newer version). */
const PLAN_CHANGED = /cached plan must not change result type/;

interface ConnectionState {
  prepared: Set<string>;
  /** Texts whose prepared plan PostgreSQL refused (the table changed under it): unprepared from then on. */
  refused: Set<string>;
  inTransaction: boolean;
}

const states = new WeakMap<pg.PoolClient, ConnectionState>();

function stateOf(client: pg.PoolClient): ConnectionState {
  let state = states.get(client);
  if (!state) {
    state = { prepared: new Set(), refused: new Set(), inTransaction: false };
    states.set(client, state);
  }
  return state;
}

/** Names already given, by text: hashing a statement's text on every call cost about 1.5% of a list request's CPU. */
const namesByText = new Map<string, string>();
/** Distinct texts remembered (a few hundred in practice; past this the oldest are forgotten and hashed again). */
const NAMES_KEPT = 2_000;

/** A name PostgreSQL accepts (<= 63 bytes) that only this text gets. */
function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('hex')}`;
    if (namesByText.size >= NAMES_KEPT) namesByText.delete(namesByText.keys().next().value!);
    namesByText.set(text, name);
  }
  return name;
}

function followTransaction(state: ConnectionState, text: string) {
  if (/^\s*(begin|start transaction)\b/i.test(text)) state.inTransaction = true;
  else if (/^\s*(commit|rollback|end|abort)\s*$/i.test(text)) state.inTransaction = false;
}

async function runPreparing(client: pg.PoolClient, text: string, values: unknown[]): Promise<pg.QueryResult> {
  const state = stateOf(client);
  if (values.length === 0 || !PREPARABLE.test(text)) {
    followTransaction(state, text);
    return client.query(text, values);
  }
  const name = statementName(text);
  if (state.refused.has(name) || (!state.prepared.has(name) && state.prepared.size >= MAX_PREPARED_PER_CONNECTION))
    return client.query(text, values);
  state.prepared.add(name);
  try {
    return await client.query({ name, text, values });
  } catch (error) {
    if (!(error instanceof Error) || !PLAN_CHANGED.test(error.message)) throw error;
    // Nothing ran. Outside a transaction the statement runs again unprepared; inside one the transaction is already
    // aborted, so it fails like a serialization failure would, and the caller's next attempt runs unprepared.
    state.refused.add(name);
    if (state.inTransaction) throw error;
    return client.query(text, values);
  }
}

/** Kysely's view of `pool`, whose connections prepare what they run. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: ((textOrCursor: unknown, values?: readonly unknown[]) =>
          typeof textOrCursor === 'string'
            ? runPreparing(client, textOrCursor, [...(values ?? [])])
            : client.query(textOrCursor as pg.Submittable)) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
