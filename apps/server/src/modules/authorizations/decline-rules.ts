import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type RawBuilder,
} from 'kysely';
import { TERMS_EXEMPT_BEFORE, type DeclineReason, type Role } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { userWithRolesQuery } from '../users/service.js';

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
 * The decline rules over `purchase` (amount, merchant_data, forced_reason: a reason known before reading the card, an
 * invalid amount, when amount is 0), `card` (lockedCardForDecision: status, spending_limit, holds_amount,
 * spending_controls, merchant_lock, allocation_expires_on), `holder` (holderOfCard) and `limits` (cards'
 * spendLimitsForDecision: one row per limit with interval, ord, limit, spent, resets_on): the one place they are
 * written, for decisions and increments alike. A LATERAL subquery answering the first rule that fails as `reason` and
 * `detail` (contract DeclineDetail, kept with the decline), or no row when approved (join it LEFT ... ON true).
 *
 * In order: the forced reason, the card canceled, not active, its holder gone, terms not accepted, the allocation
 * expired (on or before today, UTC), the merchant lock (the name contains it, any case), blocked and allowed
 * categories, spending limits (per purchase, daily, weekly, monthly, yearly: the first one the purchase would exceed),
 * then what the card has available.
 */
export function firstFailedRule(): RawBuilder<{ reason: DeclineReason; detail: unknown }> {
  const category = sql`(purchase.merchant_data ->> 'category')`;
  const controls = sql`card.spending_controls`;
  return sql`(
        SELECT failed.reason, failed.detail FROM (
          SELECT 1 AS ord, purchase.forced_reason AS reason, NULL::jsonb AS detail
            WHERE purchase.forced_reason IS NOT NULL
          UNION ALL SELECT 2, 'card_canceled', NULL WHERE card.status = 'canceled'
          UNION ALL SELECT 3, 'card_inactive', NULL WHERE card.status <> 'active'
          UNION ALL SELECT 4, 'holder_inactive', NULL
            WHERE NOT coalesce(${'wallet-user' satisfies Role}::text = ANY(holder.roles), false)
          UNION ALL SELECT 5, 'cardholder_terms_not_accepted', NULL
            WHERE holder.issuing_tos_accepted_at IS NULL AND holder.created_at >= ${TERMS_EXEMPT_BEFORE}::timestamptz
          UNION ALL SELECT 6, 'allocation_expired', jsonb_build_object('expired_on', card.allocation_expires_on::text)
            WHERE card.allocation_expires_on <= (now() AT TIME ZONE 'UTC')::date
          UNION ALL SELECT 7, 'merchant_not_allowed',
              jsonb_build_object('merchant', purchase.merchant_data ->> 'name', 'merchant_lock', card.merchant_lock)
            WHERE card.merchant_lock IS NOT NULL
              AND strpos(lower(coalesce(purchase.merchant_data ->> 'name', '')), lower(card.merchant_lock)) = 0
          UNION ALL SELECT 8, 'merchant_category_blocked', jsonb_build_object('category', ${category})
            WHERE ${controls} -> 'blocked_categories' @> to_jsonb(${category})
          UNION ALL SELECT 9, 'merchant_category_not_allowed', jsonb_build_object('category', ${category})
            WHERE jsonb_array_length(coalesce(${controls} -> 'allowed_categories', '[]')) > 0
              AND NOT coalesce(${controls} -> 'allowed_categories' @> to_jsonb(${category}), false)
          UNION ALL SELECT 10 + limits.ord, 'spending_limit_exceeded',
              jsonb_strip_nulls(jsonb_build_object('interval', limits.interval, 'limit', limits.limit_amount,
                'left', greatest(limits.limit_amount - limits.spent, 0), 'resets_on', limits.resets_on::text))
            FROM limits WHERE limits.spent + purchase.amount > limits.limit_amount
          UNION ALL SELECT 20, 'insufficient_funds',
              jsonb_build_object('left', greatest(card.spending_limit - card.holds_amount, 0))
            WHERE purchase.amount > card.spending_limit - card.holds_amount
          ORDER BY ord LIMIT 1
        ) failed
      )`;
}

/** An amount a decision can hold: a positive safe integer of cents (else the decision is 'invalid_amount'). */
export function isValidAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}
