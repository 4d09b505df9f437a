import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type RawBuilder,
} from 'kysely';
import { TERMS_EXEMPT_BEFORE, type Role } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { userWithRolesQuery } from '../users/service.js';

export type DeclineReason =
  | 'card_not_found'
  | 'card_inactive'
  | 'holder_inactive'
  | 'terms_not_accepted'
  | 'insufficient_funds'
  | 'invalid_amount';

/** Why a purchase was declined, in words a cardholder understands. */
export const DECLINE_EXPLANATIONS: Record<DeclineReason, string> = {
  card_not_found: 'The card was not recognised.',
  card_inactive: 'The card is not active.',
  holder_inactive: "The cardholder's access to the wallet has ended.",
  terms_not_accepted: 'The cardholder has not accepted the Issuing Terms of Service yet.',
  insufficient_funds: 'The card did not have enough available to spend.',
  invalid_amount: 'The amount was not valid.',
};

/**
 * Builds statements without running them: the users module hands out its holder query as a Kysely builder, and the
 * decision statement is compiled by whichever database runs it. It never connects.
 */
const statementBuilder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * The holder of the card row aliased `card` (its org_id and user_id), joined as `holder` with their roles, created_at
 * and issuing_tos_accepted_at: the users module's own query, so the decision names no table of theirs. The
 * organisation is the card's column (a value at run time; the users query takes it as a number).
 */
export function holderOfCard(): RawBuilder<unknown> {
  const orgOfCard = sql.ref<number>('card.org_id') as unknown as number;
  // Kysely puts the users query in parentheses of its own.
  const holder = userWithRolesQuery(statementBuilder, orgOfCard, sql.ref<number>('card.user_id'));
  return sql`LEFT JOIN LATERAL ${holder} holder ON true`;
}

/**
 * The decline rules, in order, over `card` (status, spending_limit, holds_amount) and `holder` (holderOfCard): the
 * one place they are written. Null means approved. `forcedReason` is a reason known before reading the card (an
 * amount that is not a positive safe integer: then `amount` is 0).
 */
export function declineReason(input: {
  amount: number;
  forcedReason: DeclineReason | null;
}): RawBuilder<string | null> {
  return sql<string | null>`CASE
          WHEN ${input.forcedReason}::text IS NOT NULL THEN ${input.forcedReason}::text
          WHEN card.status <> 'active' THEN 'card_inactive'
          WHEN NOT coalesce(${'wallet-user' satisfies Role}::text = ANY(holder.roles), false) THEN 'holder_inactive'
          WHEN holder.issuing_tos_accepted_at IS NULL AND holder.created_at >= ${TERMS_EXEMPT_BEFORE}::timestamptz THEN 'terms_not_accepted'
          WHEN ${input.amount}::bigint > card.spending_limit - card.holds_amount THEN 'insufficient_funds'
        END`;
}

/** An amount a decision can hold: a positive safe integer of cents (else the decision is 'invalid_amount'). */
export function isValidAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}
