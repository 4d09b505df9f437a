-- decideAndHoldQuery: the issuer's card id (Stripe's webhook)
WITH card AS (
      SELECT id, org_id, user_id, status, spending_limit, holds_amount, spending_controls, merchant_lock,
        allocation_expires_on
      FROM cards
      WHERE provider = $1 AND provider_card_id = $2
      FOR NO KEY UPDATE
    ),
    purchase AS (
      SELECT $3::bigint AS amount, $4::jsonb AS merchant_data,
        $5::text AS forced_reason
    ),
    limits AS (
      SELECT l.interval, array_position(ARRAY['per_authorization', 'daily', 'weekly', 'monthly', 'yearly'], l.interval) AS ord,
        l.amount AS limit_amount, (CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) AS window_start, ((CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) + CASE "l"."interval"
        WHEN 'daily' THEN interval '1 day'
        WHEN 'weekly' THEN interval '7 days'
        WHEN 'monthly' THEN interval '1 month'
        WHEN 'yearly' THEN interval '1 year'
      END)::date AS resets_on,
        CASE WHEN w.window_start = (CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) THEN w.spent ELSE 0 END AS spent
      FROM card
      CROSS JOIN LATERAL jsonb_to_recordset(card.spending_controls -> 'spending_limits') AS l(amount bigint, interval text)
      LEFT JOIN (
        SELECT interval, window_start, spent FROM card_spend_windows
        WHERE org_id = (SELECT org_id FROM card) AND card_id = (SELECT id FROM card)
        FOR UPDATE
      ) w ON w.interval = l.interval
    ),
    decision AS (
      SELECT card.id, card.org_id, card.user_id, failed.reason, failed.detail,
        card.spending_limit - card.holds_amount - purchase.amount AS available_after
      FROM card
      CROSS JOIN purchase
      LEFT JOIN LATERAL (select "users".*, coalesce((select array_agg(r.role order by r.role)::text[] from user_roles r where r.org_id = users.org_id and r.user_id = users.id), '{}'::text[]) as "roles" from "users" where "users"."org_id" = "card"."org_id" and "users"."id" = "card"."user_id") holder ON true
      LEFT JOIN LATERAL (
        SELECT failed.reason, failed.detail FROM (
          SELECT 1 AS ord, purchase.forced_reason AS reason, NULL::jsonb AS detail
            WHERE purchase.forced_reason IS NOT NULL
          UNION ALL SELECT 2, 'card_canceled', NULL WHERE card.status = 'canceled'
          UNION ALL SELECT 3, 'card_inactive', NULL WHERE card.status <> 'active'
          UNION ALL SELECT 4, 'holder_inactive', NULL
            WHERE NOT coalesce($6::text = ANY(holder.roles), false)
          UNION ALL SELECT 5, 'cardholder_terms_not_accepted', NULL
            WHERE holder.issuing_tos_accepted_at IS NULL AND holder.created_at >= $7::timestamptz
          UNION ALL SELECT 6, 'allocation_expired', jsonb_build_object('expired_on', card.allocation_expires_on::text)
            WHERE card.allocation_expires_on <= (now() AT TIME ZONE 'UTC')::date
          UNION ALL SELECT 7, 'merchant_not_allowed',
              jsonb_build_object('merchant', purchase.merchant_data ->> 'name', 'merchant_lock', card.merchant_lock)
            WHERE card.merchant_lock IS NOT NULL
              AND strpos(lower(coalesce(purchase.merchant_data ->> 'name', '')), lower(card.merchant_lock)) = 0
          UNION ALL SELECT 8, 'merchant_category_blocked', jsonb_build_object('category', (purchase.merchant_data ->> 'category'))
            WHERE card.spending_controls -> 'blocked_categories' @> to_jsonb((purchase.merchant_data ->> 'category'))
          UNION ALL SELECT 9, 'merchant_category_not_allowed', jsonb_build_object('category', (purchase.merchant_data ->> 'category'))
            WHERE jsonb_array_length(coalesce(card.spending_controls -> 'allowed_categories', '[]')) > 0
              AND NOT coalesce(card.spending_controls -> 'allowed_categories' @> to_jsonb((purchase.merchant_data ->> 'category')), false)
          UNION ALL SELECT 10 + limits.ord, 'spending_limit_exceeded',
              jsonb_strip_nulls(jsonb_build_object('interval', limits.interval, 'limit', limits.limit_amount,
                'left', greatest(limits.limit_amount - limits.spent, 0), 'resets_on', limits.resets_on::text))
            FROM limits WHERE limits.spent + purchase.amount > limits.limit_amount
          UNION ALL SELECT 20, 'insufficient_funds',
              jsonb_build_object('left', greatest(card.spending_limit - card.holds_amount, 0))
            WHERE purchase.amount > card.spending_limit - card.holds_amount
          ORDER BY ord LIMIT 1
        ) failed
      ) failed ON true
    ),
    hold AS (
      INSERT INTO authorization_holds (
        org_id, card_id, user_id, provider, provider_authorization_id, approved, decline_reason, decline_detail,
        status, requested_amount, amount, available_after, merchant_data, wallet, stripe_created
      )
      SELECT decision.org_id, decision.id, decision.user_id, $8, $9,
        reason IS NULL, reason, detail,
        CASE WHEN reason IS NULL THEN 'pending' ELSE 'declined' END,
        $10::bigint, CASE WHEN reason IS NULL THEN purchase.amount ELSE 0 END,
        CASE WHEN reason IS NULL THEN available_after END,
        purchase.merchant_data, $11::text, $12::bigint
      FROM decision CROSS JOIN purchase
      ON CONFLICT (provider, provider_authorization_id) DO NOTHING
      RETURNING id, org_id, card_id, user_id, amount, approved, decline_reason, decline_detail
    ),
    moved AS (
      -- last_used_at is indexed (cards_org_last_used): rewriting it on every purchase would put new entries in
      -- every index of cards each time. At minute precision a busy card's updates stay HOT (heap only), which
      -- cut the WAL per decision by about 40% in the bench and shortens the time the row stays locked.
      UPDATE cards SET
        holds_amount = cards.holds_amount + "hold"."amount",
        last_used_at = CASE WHEN cards.last_used_at IS NULL OR cards.last_used_at < now() - interval '1 minute' THEN now() ELSE cards.last_used_at END
      FROM "hold"
      WHERE cards.id = "hold"."card_id" AND "hold"."approved"
      RETURNING cards.id
    ),
    counted AS (
      INSERT INTO card_spend_windows (org_id, card_id, interval, window_start, spent)
      SELECT "hold"."org_id", "hold"."card_id", limits.interval, limits.window_start,
        "hold"."amount"
      FROM "hold" JOIN limits ON limits.window_start IS NOT NULL
      WHERE "hold"."approved"
      ON CONFLICT (card_id, interval) DO UPDATE SET
        spent = CASE WHEN card_spend_windows.window_start = excluded.window_start
          THEN card_spend_windows.spent + excluded.spent ELSE excluded.spent END,
        window_start = excluded.window_start
      RETURNING card_id
    )
    SELECT hold.id, hold.org_id, hold.card_id, hold.user_id, hold.approved, hold.decline_reason, hold.decline_detail,
      EXISTS (SELECT 1 FROM card) AS card_found
    FROM (SELECT 1) AS one LEFT JOIN hold ON true
-- parameters: ["stripe","ic_1",1250,"{\"name\":\"Coffee\"}",null,"wallet-user","2023-06-01T00:00:00Z","stripe","iauth_1",1250,null,1700000000]

-- decideAndHoldQuery: our own card id (the simulator)
WITH card AS (
      SELECT id, org_id, user_id, status, spending_limit, holds_amount, spending_controls, merchant_lock,
        allocation_expires_on
      FROM cards
      WHERE org_id = $1 AND id = $2 AND provider = $3
      FOR NO KEY UPDATE
    ),
    purchase AS (
      SELECT $4::bigint AS amount, $5::jsonb AS merchant_data,
        $6::text AS forced_reason
    ),
    limits AS (
      SELECT l.interval, array_position(ARRAY['per_authorization', 'daily', 'weekly', 'monthly', 'yearly'], l.interval) AS ord,
        l.amount AS limit_amount, (CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) AS window_start, ((CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) + CASE "l"."interval"
        WHEN 'daily' THEN interval '1 day'
        WHEN 'weekly' THEN interval '7 days'
        WHEN 'monthly' THEN interval '1 month'
        WHEN 'yearly' THEN interval '1 year'
      END)::date AS resets_on,
        CASE WHEN w.window_start = (CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) THEN w.spent ELSE 0 END AS spent
      FROM card
      CROSS JOIN LATERAL jsonb_to_recordset(card.spending_controls -> 'spending_limits') AS l(amount bigint, interval text)
      LEFT JOIN (
        SELECT interval, window_start, spent FROM card_spend_windows
        WHERE org_id = (SELECT org_id FROM card) AND card_id = (SELECT id FROM card)
        FOR UPDATE
      ) w ON w.interval = l.interval
    ),
    decision AS (
      SELECT card.id, card.org_id, card.user_id, failed.reason, failed.detail,
        card.spending_limit - card.holds_amount - purchase.amount AS available_after
      FROM card
      CROSS JOIN purchase
      LEFT JOIN LATERAL (select "users".*, coalesce((select array_agg(r.role order by r.role)::text[] from user_roles r where r.org_id = users.org_id and r.user_id = users.id), '{}'::text[]) as "roles" from "users" where "users"."org_id" = "card"."org_id" and "users"."id" = "card"."user_id") holder ON true
      LEFT JOIN LATERAL (
        SELECT failed.reason, failed.detail FROM (
          SELECT 1 AS ord, purchase.forced_reason AS reason, NULL::jsonb AS detail
            WHERE purchase.forced_reason IS NOT NULL
          UNION ALL SELECT 2, 'card_canceled', NULL WHERE card.status = 'canceled'
          UNION ALL SELECT 3, 'card_inactive', NULL WHERE card.status <> 'active'
          UNION ALL SELECT 4, 'holder_inactive', NULL
            WHERE NOT coalesce($7::text = ANY(holder.roles), false)
          UNION ALL SELECT 5, 'cardholder_terms_not_accepted', NULL
            WHERE holder.issuing_tos_accepted_at IS NULL AND holder.created_at >= $8::timestamptz
          UNION ALL SELECT 6, 'allocation_expired', jsonb_build_object('expired_on', card.allocation_expires_on::text)
            WHERE card.allocation_expires_on <= (now() AT TIME ZONE 'UTC')::date
          UNION ALL SELECT 7, 'merchant_not_allowed',
              jsonb_build_object('merchant', purchase.merchant_data ->> 'name', 'merchant_lock', card.merchant_lock)
            WHERE card.merchant_lock IS NOT NULL
              AND strpos(lower(coalesce(purchase.merchant_data ->> 'name', '')), lower(card.merchant_lock)) = 0
          UNION ALL SELECT 8, 'merchant_category_blocked', jsonb_build_object('category', (purchase.merchant_data ->> 'category'))
            WHERE card.spending_controls -> 'blocked_categories' @> to_jsonb((purchase.merchant_data ->> 'category'))
          UNION ALL SELECT 9, 'merchant_category_not_allowed', jsonb_build_object('category', (purchase.merchant_data ->> 'category'))
            WHERE jsonb_array_length(coalesce(card.spending_controls -> 'allowed_categories', '[]')) > 0
              AND NOT coalesce(card.spending_controls -> 'allowed_categories' @> to_jsonb((purchase.merchant_data ->> 'category')), false)
          UNION ALL SELECT 10 + limits.ord, 'spending_limit_exceeded',
              jsonb_strip_nulls(jsonb_build_object('interval', limits.interval, 'limit', limits.limit_amount,
                'left', greatest(limits.limit_amount - limits.spent, 0), 'resets_on', limits.resets_on::text))
            FROM limits WHERE limits.spent + purchase.amount > limits.limit_amount
          UNION ALL SELECT 20, 'insufficient_funds',
              jsonb_build_object('left', greatest(card.spending_limit - card.holds_amount, 0))
            WHERE purchase.amount > card.spending_limit - card.holds_amount
          ORDER BY ord LIMIT 1
        ) failed
      ) failed ON true
    ),
    hold AS (
      INSERT INTO authorization_holds (
        org_id, card_id, user_id, provider, provider_authorization_id, approved, decline_reason, decline_detail,
        status, requested_amount, amount, available_after, merchant_data, wallet, stripe_created
      )
      SELECT decision.org_id, decision.id, decision.user_id, $9, $10,
        reason IS NULL, reason, detail,
        CASE WHEN reason IS NULL THEN 'pending' ELSE 'declined' END,
        $11::bigint, CASE WHEN reason IS NULL THEN purchase.amount ELSE 0 END,
        CASE WHEN reason IS NULL THEN available_after END,
        purchase.merchant_data, $12::text, $13::bigint
      FROM decision CROSS JOIN purchase
      ON CONFLICT (provider, provider_authorization_id) DO NOTHING
      RETURNING id, org_id, card_id, user_id, amount, approved, decline_reason, decline_detail
    ),
    moved AS (
      -- last_used_at is indexed (cards_org_last_used): rewriting it on every purchase would put new entries in
      -- every index of cards each time. At minute precision a busy card's updates stay HOT (heap only), which
      -- cut the WAL per decision by about 40% in the bench and shortens the time the row stays locked.
      UPDATE cards SET
        holds_amount = cards.holds_amount + "hold"."amount",
        last_used_at = CASE WHEN cards.last_used_at IS NULL OR cards.last_used_at < now() - interval '1 minute' THEN now() ELSE cards.last_used_at END
      FROM "hold"
      WHERE cards.id = "hold"."card_id" AND "hold"."approved"
      RETURNING cards.id
    ),
    counted AS (
      INSERT INTO card_spend_windows (org_id, card_id, interval, window_start, spent)
      SELECT "hold"."org_id", "hold"."card_id", limits.interval, limits.window_start,
        "hold"."amount"
      FROM "hold" JOIN limits ON limits.window_start IS NOT NULL
      WHERE "hold"."approved"
      ON CONFLICT (card_id, interval) DO UPDATE SET
        spent = CASE WHEN card_spend_windows.window_start = excluded.window_start
          THEN card_spend_windows.spent + excluded.spent ELSE excluded.spent END,
        window_start = excluded.window_start
      RETURNING card_id
    )
    SELECT hold.id, hold.org_id, hold.card_id, hold.user_id, hold.approved, hold.decline_reason, hold.decline_detail,
      EXISTS (SELECT 1 FROM card) AS card_found
    FROM (SELECT 1) AS one LEFT JOIN hold ON true
-- parameters: [7,42,"simulator",1250,"{\"name\":\"Coffee\"}",null,"wallet-user","2023-06-01T00:00:00Z","simulator","iauth_1",1250,null,1700000000]

-- declineReasonQuery: an incremental authorisation
WITH card AS (
      SELECT id, org_id, user_id, status, spending_limit, holds_amount, spending_controls, merchant_lock,
        allocation_expires_on
      FROM cards
      WHERE org_id = $1 AND id = $2
      FOR NO KEY UPDATE
    ),
    purchase AS (
      SELECT $3::bigint AS amount, $4::jsonb AS merchant_data,
        $5::text AS forced_reason
    ),
    limits AS (
      SELECT l.interval, array_position(ARRAY['per_authorization', 'daily', 'weekly', 'monthly', 'yearly'], l.interval) AS ord,
        l.amount AS limit_amount, (CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) AS window_start, ((CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) + CASE "l"."interval"
        WHEN 'daily' THEN interval '1 day'
        WHEN 'weekly' THEN interval '7 days'
        WHEN 'monthly' THEN interval '1 month'
        WHEN 'yearly' THEN interval '1 year'
      END)::date AS resets_on,
        CASE WHEN w.window_start = (CASE "l"."interval"
        WHEN 'daily' THEN (now() AT TIME ZONE 'UTC')::date
        WHEN 'weekly' THEN (now() AT TIME ZONE 'UTC')::date - extract(dow FROM (now() AT TIME ZONE 'UTC'))::int
        WHEN 'monthly' THEN date_trunc('month', (now() AT TIME ZONE 'UTC'))::date
        WHEN 'yearly' THEN date_trunc('year', (now() AT TIME ZONE 'UTC'))::date
      END) THEN w.spent ELSE 0 END AS spent
      FROM card
      CROSS JOIN LATERAL jsonb_to_recordset(card.spending_controls -> 'spending_limits') AS l(amount bigint, interval text)
      LEFT JOIN (
        SELECT interval, window_start, spent FROM card_spend_windows
        WHERE org_id = (SELECT org_id FROM card) AND card_id = (SELECT id FROM card)
        FOR UPDATE
      ) w ON w.interval = l.interval
    )
    SELECT failed.reason, failed.detail
    FROM card
    CROSS JOIN purchase
    LEFT JOIN LATERAL (select "users".*, coalesce((select array_agg(r.role order by r.role)::text[] from user_roles r where r.org_id = users.org_id and r.user_id = users.id), '{}'::text[]) as "roles" from "users" where "users"."org_id" = "card"."org_id" and "users"."id" = "card"."user_id") holder ON true
    LEFT JOIN LATERAL (
        SELECT failed.reason, failed.detail FROM (
          SELECT 1 AS ord, purchase.forced_reason AS reason, NULL::jsonb AS detail
            WHERE purchase.forced_reason IS NOT NULL
          UNION ALL SELECT 2, 'card_canceled', NULL WHERE card.status = 'canceled'
          UNION ALL SELECT 3, 'card_inactive', NULL WHERE card.status <> 'active'
          UNION ALL SELECT 4, 'holder_inactive', NULL
            WHERE NOT coalesce($6::text = ANY(holder.roles), false)
          UNION ALL SELECT 5, 'cardholder_terms_not_accepted', NULL
            WHERE holder.issuing_tos_accepted_at IS NULL AND holder.created_at >= $7::timestamptz
          UNION ALL SELECT 6, 'allocation_expired', jsonb_build_object('expired_on', card.allocation_expires_on::text)
            WHERE card.allocation_expires_on <= (now() AT TIME ZONE 'UTC')::date
          UNION ALL SELECT 7, 'merchant_not_allowed',
              jsonb_build_object('merchant', purchase.merchant_data ->> 'name', 'merchant_lock', card.merchant_lock)
            WHERE card.merchant_lock IS NOT NULL
              AND strpos(lower(coalesce(purchase.merchant_data ->> 'name', '')), lower(card.merchant_lock)) = 0
          UNION ALL SELECT 8, 'merchant_category_blocked', jsonb_build_object('category', (purchase.merchant_data ->> 'category'))
            WHERE card.spending_controls -> 'blocked_categories' @> to_jsonb((purchase.merchant_data ->> 'category'))
          UNION ALL SELECT 9, 'merchant_category_not_allowed', jsonb_build_object('category', (purchase.merchant_data ->> 'category'))
            WHERE jsonb_array_length(coalesce(card.spending_controls -> 'allowed_categories', '[]')) > 0
              AND NOT coalesce(card.spending_controls -> 'allowed_categories' @> to_jsonb((purchase.merchant_data ->> 'category')), false)
          UNION ALL SELECT 10 + limits.ord, 'spending_limit_exceeded',
              jsonb_strip_nulls(jsonb_build_object('interval', limits.interval, 'limit', limits.limit_amount,
                'left', greatest(limits.limit_amount - limits.spent, 0), 'resets_on', limits.resets_on::text))
            FROM limits WHERE limits.spent + purchase.amount > limits.limit_amount
          UNION ALL SELECT 20, 'insufficient_funds',
              jsonb_build_object('left', greatest(card.spending_limit - card.holds_amount, 0))
            WHERE purchase.amount > card.spending_limit - card.holds_amount
          ORDER BY ord LIMIT 1
        ) failed
      ) failed ON true
-- parameters: [7,42,300,"{\"name\":\"Coffee\"}",null,"wallet-user","2023-06-01T00:00:00Z"]
