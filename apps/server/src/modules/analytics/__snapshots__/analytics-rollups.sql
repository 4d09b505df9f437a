-- /api/expenses/analytics: sum_over_months
SELECT to_char(day, 'YYYY-MM-DD') AS day, amount FROM spend_org_daily
      WHERE org_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/expenses/analytics: max_over_days, between_created
SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM expenses
      WHERE org_id = $1 AND created_at >= ($2::date::timestamp AT TIME ZONE 'UTC') AND created_at < ($3::date::timestamp AT TIME ZONE 'UTC')

      GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-04-01"]

-- /api/expenses/analytics: group_single
SELECT to_char(day, 'YYYY-MM-DD') AS day, amount FROM spend_org_daily
      WHERE org_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/topups/analytics: sum_over_months
SELECT to_char(("settled_at" AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM topups
    WHERE org_id = $1 AND status = 'succeeded' AND "settled_at" >= $2::date AND "settled_at" < ($3::date + 1)
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/topups/analytics: max_over_days, between_created
SELECT to_char(("created_at" AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM topups
    WHERE org_id = $1 AND status = 'succeeded' AND "created_at" >= $2::date AND "created_at" < ($3::date + 1)
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/topups/analytics: group_single
SELECT to_char(("settled_at" AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM topups
    WHERE org_id = $1 AND status = 'succeeded' AND "settled_at" >= $2::date AND "settled_at" < ($3::date + 1)
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/journal-entries/analytics: sum_over_months
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'card' AND e.kind IN ('card_funding', 'card_defunding', 'card_cancellation')
      AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)

    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/journal-entries/analytics: max_over_days, between_created
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'card' AND e.kind IN ('card_funding', 'card_defunding', 'card_cancellation')
      AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)

    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/journal-entries/analytics: group_single
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'card' AND e.kind IN ('card_funding', 'card_defunding', 'card_cancellation')
      AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)

    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/wallet-balances/analytics: sum_over_months
SELECT coalesce(sum(l.amount), 0)::bigint AS amount FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'issuer_funds' AND e.created_at < $2::date
-- parameters: [7,"2026-01-01"]
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'issuer_funds' AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/wallet-balances/analytics: max_over_days, between_created
SELECT coalesce(sum(l.amount), 0)::bigint AS amount FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'issuer_funds' AND e.created_at < $2::date
-- parameters: [7,"2026-01-01"]
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'issuer_funds' AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/wallet-balances/analytics: group_single
SELECT coalesce(sum(l.amount), 0)::bigint AS amount FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'issuer_funds' AND e.created_at < $2::date
-- parameters: [7,"2026-01-01"]
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'issuer_funds' AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31"]

-- /api/expenses/analytics: top five by spender
SELECT key, sum(amount)::bigint AS amount FROM (SELECT "user_id" AS key, amount FROM spend_holder_monthly WHERE org_id = $1 AND month >= $2::date AND month < $3::date) AS parts
    GROUP BY key HAVING sum(amount) > 0 ORDER BY 2 DESC, 1 LIMIT 5 OFFSET 0
-- parameters: [7,"2026-01-01","2026-04-01"]

-- /api/expenses/analytics: top five by card_balance
select "id", "user_id", "name", "nickname", "last4", "spending_limit" - "holds_amount" as "available" from "cards" where "org_id" = $1 and "status" = $2 order by "available" desc, "id" limit $3
-- parameters: [7,"active",5]

-- /api/expenses/analytics: top five by category
SELECT key, sum(amount)::bigint AS amount FROM (SELECT "wallet_category_id" AS key, amount FROM spend_holder_monthly WHERE org_id = $1 AND month >= $2::date AND month < $3::date) AS parts
    GROUP BY key HAVING sum(amount) > 0 ORDER BY 2 DESC, 1 LIMIT 5 OFFSET 0
-- parameters: [7,"2026-01-01","2026-04-01"]

-- /api/expenses/analytics: top five by team
SELECT key, sum(amount)::bigint AS amount FROM (SELECT "team_id" AS key, amount FROM spend_holder_monthly WHERE org_id = $1 AND month >= $2::date AND month < $3::date) AS parts
    GROUP BY key HAVING sum(amount) > 0 ORDER BY 2 DESC, 1 LIMIT 5 OFFSET 0
-- parameters: [7,"2026-01-01","2026-04-01"]

-- /api/users/{id}/expenses/analytics: sum_over_months
SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM spend_holder_daily
      WHERE org_id = $1 AND user_id = $2 AND day BETWEEN $3::date AND $4::date
      GROUP BY day ORDER BY day
-- parameters: [7,42,"2026-01-01","2026-03-31"]

-- /api/users/{id}/expenses/analytics: max_over_days, between_created
SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM expenses
      WHERE org_id = $1 AND created_at >= ($2::date::timestamp AT TIME ZONE 'UTC') AND created_at < ($3::date::timestamp AT TIME ZONE 'UTC')
      AND user_id = $4
      GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-04-01",42]

-- /api/users/{id}/expenses/analytics: group_single
SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM spend_holder_daily
      WHERE org_id = $1 AND user_id = $2 AND day BETWEEN $3::date AND $4::date
      GROUP BY day ORDER BY day
-- parameters: [7,42,"2026-01-01","2026-03-31"]

-- /api/users/{id}/journal-entries/analytics: sum_over_months
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'card' AND e.kind IN ('card_funding', 'card_defunding', 'card_cancellation')
      AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)
      AND e.user_id = $4
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31",42]

-- /api/users/{id}/journal-entries/analytics: max_over_days, between_created
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'card' AND e.kind IN ('card_funding', 'card_defunding', 'card_cancellation')
      AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)
      AND e.user_id = $4
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31",42]

-- /api/users/{id}/journal-entries/analytics: group_single
SELECT to_char((e.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(l.amount)::bigint AS amount
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.org_id = $1 AND a.kind = 'card' AND e.kind IN ('card_funding', 'card_defunding', 'card_cancellation')
      AND e.created_at >= $2::date AND e.created_at < ($3::date + 1)
      AND e.user_id = $4
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31",42]

-- /api/users/{id}/purchase-requests/analytics: sum_over_months
SELECT to_char((transferred AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM purchase_requests
    WHERE org_id = $1 AND transferred IS NOT NULL AND transferred >= $2::date AND transferred < ($3::date + 1)
      AND user_id = $4
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31",42]

-- /api/users/{id}/purchase-requests/analytics: max_over_days, between_created
SELECT to_char((transferred AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM purchase_requests
    WHERE org_id = $1 AND transferred IS NOT NULL AND transferred >= $2::date AND transferred < ($3::date + 1)
      AND user_id = $4
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31",42]

-- /api/users/{id}/purchase-requests/analytics: group_single
SELECT to_char((transferred AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM purchase_requests
    WHERE org_id = $1 AND transferred IS NOT NULL AND transferred >= $2::date AND transferred < ($3::date + 1)
      AND user_id = $4
    GROUP BY 1 ORDER BY 1
-- parameters: [7,"2026-01-01","2026-03-31",42]
