-- a search, newest first
SELECT e.* FROM expenses e  WHERE e.org_id = $1 AND e.stripe_created >= $2 AND e.stripe_created < $3 AND e.type = ANY($4::text[]) AND (lower(
  coalesce(e.merchant_data->>'name', '') || E'\x1f' ||
  coalesce(e.merchant_data->>'category', '') || E'\x1f' ||
  coalesce(e.merchant_data->>'category_code', '') || E'\x1f' ||
  coalesce(e.notes, '')
) LIKE $5 OR e.user_id = ANY($6::bigint[]) OR e.wallet_category_id = ANY($7::bigint[])) ORDER BY e.stripe_created desc, e.id desc LIMIT 25 OFFSET 0
-- parameters: [7,1735689600,1743465600,["capture"],"%delta%",[3],[5]]

-- sorted by cardholder: group by group
SELECT g.* FROM (
      SELECT e.*, o.pos FROM unnest($1::bigint[]) WITH ORDINALITY AS o(key, pos)
      CROSS JOIN LATERAL (SELECT * FROM expenses e WHERE e.org_id = $2 AND e.user_id = $3 AND e.user_id = o.key ORDER BY e.stripe_created DESC, e.id DESC LIMIT 25 OFFSET 0) AS e
      
    ) AS g
    ORDER BY g.pos, g.stripe_created DESC, g.id DESC LIMIT 25 OFFSET 0
-- parameters: [["3","1","2"],7,3]

-- sorted by notes
SELECT g.* FROM (
      SELECT e.*, 1 AS pos FROM (SELECT * FROM expenses e WHERE e.org_id = $1 AND e.notes IS NOT NULL
        ORDER BY lower(e.notes) asc, e.stripe_created DESC, e.id DESC LIMIT 25 OFFSET 0) AS e
      UNION ALL
      SELECT e.*, 2 AS pos FROM (SELECT * FROM expenses e WHERE e.org_id = $2 AND e.notes IS NULL ORDER BY e.stripe_created DESC, e.id DESC LIMIT 25 OFFSET 0) AS e
    ) AS g
    ORDER BY g.pos, lower(g.notes) asc, g.stripe_created DESC, g.id DESC LIMIT 25 OFFSET 0
-- parameters: [7,7]

-- a deep page sorted by amount then team
SELECT e.* FROM expenses e LEFT JOIN unnest($1::bigint[]) WITH ORDINALITY AS o1(id, pos) ON o1.id = e.team_id WHERE e.org_id = $2 AND e.stripe_created >= $3 AND e.stripe_created < $4 AND e.type = ANY($5::text[]) AND (lower(
  coalesce(e.merchant_data->>'name', '') || E'\x1f' ||
  coalesce(e.merchant_data->>'category', '') || E'\x1f' ||
  coalesce(e.merchant_data->>'category_code', '') || E'\x1f' ||
  coalesce(e.notes, '')
) LIKE $6 OR e.user_id = ANY($7::bigint[]) OR e.wallet_category_id = ANY($8::bigint[])) ORDER BY e.amount desc, o1.pos asc NULLS LAST, e.stripe_created DESC, e.id desc LIMIT 25 OFFSET 1225
-- parameters: [[2,1],7,1735689600,1743465600,["capture"],"%delta%",[3],[5]]
