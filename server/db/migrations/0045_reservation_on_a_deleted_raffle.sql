-- A reservation in flight while its raffle is deleted is refused as a raffle that does not exist
-- (decision 082). The delete (raffles.service.ts `remove`) holds the raffle FOR UPDATE from its "no
-- sales" check to its commit; reserve_sales found the raffle in its snapshot, inserted the request's
-- order, and the order's foreign key, waiting for the delete, then found no raffle: a foreign-key
-- error (500) that undid the whole statement, every other buyer's request of the batch with it. The
-- order insert now locks the raffle (KEY SHARE, as its foreign key does: sales never wait for each
-- other) where it looks for it, so a raffle deleted meanwhile is not found. The function is migration
-- 0043's otherwise.
CREATE OR REPLACE FUNCTION reserve_sales(
  g_raffle uuid[], g_sandbox boolean[], g_top integer[], g_numbers text[],
  g_name text[], g_phone text[], g_address text[], g_cedula text[], g_email text[],
  g_method text[], g_proof text[], g_seller uuid[],
  -- Per request: the terms it was priced with ({"price_cents", "packages"}) and each number's
  -- price in the order of g_numbers; both NULL for a request sold at the raffle's price.
  g_terms text[], g_prices text[],
  -- Per request: the key the buyer's browser chose for it (NULL when none was sent), kept on its order.
  g_request uuid[]
) RETURNS TABLE (grp integer, sale tickets, refusal text, refused integer[], digits integer, order_code text)
-- No JIT: its statements touch a handful of rows, but generate_subscripts' default estimate (1,000
-- rows) prices the refusal query over jit_above_cost, and compiling it cost ~40 ms per call.
LANGUAGE plpgsql SET jit = off AS $fn$
DECLARE
  sold tickets[];
  sold_grp integer[];
  complete integer[];
  order_ids uuid[];
  codes text[];
BEGIN
  -- One order per request, made up front (its id goes on each sale); those of requests that sold
  -- nothing are deleted again below.
  SELECT array_agg(gen_random_uuid() ORDER BY i), array_agg(new_order_code() ORDER BY i)
  INTO order_ids, codes FROM generate_subscripts(g_raffle, 1) AS i;
  -- The seller a referral link named is credited only if they sell this raffle: its owner or a
  -- vendedor assigned to it (decision 036); anyone else's code is ignored, never refused.
  INSERT INTO orders (id, code, raffle_id, buyer_cedula, request_id, seller_id)
  SELECT order_ids[i], codes[i], g_raffle[i], g_cedula[i], g_request[i],
    CASE WHEN g_seller[i] IS NOT NULL AND (
      EXISTS (SELECT 1 FROM raffles WHERE id = g_raffle[i] AND seller_id = g_seller[i])
      OR EXISTS (SELECT 1 FROM raffle_sellers WHERE raffle_id = g_raffle[i] AND seller_id = g_seller[i]))
    THEN g_seller[i] END
  FROM generate_subscripts(g_raffle, 1) AS i
  -- Key share, the lock the order's foreign key takes anyway, taken here first: a raffle deleted
  -- meanwhile (its delete holds it FOR UPDATE) is then no longer found, and its request is refused
  -- RAFFLE_NOT_FOUND below, instead of the foreign key failing the whole statement (decision 082).
  WHERE EXISTS (SELECT 1 FROM raffles WHERE id = g_raffle[i] FOR KEY SHARE);

  WITH g AS (
    SELECT i, g_raffle[i] AS raffle_id, g_sandbox[i] AS sandbox, g_top[i] AS top,
           g_numbers[i]::integer[] AS numbers, g_terms[i]::jsonb AS terms, g_prices[i]::integer[] AS prices
    FROM generate_subscripts(g_raffle, 1) AS i
  ), r AS (
    -- Key share: sales of a raffle run side by side, closing it waits for them.
    SELECT id, digit_count, price_cents, reservation_minutes, max_numbers_per_buyer, is_sandbox, total_numbers, packages FROM raffles
    WHERE id IN (SELECT raffle_id FROM g) AND status = 'activa'
      AND (closing_date IS NULL OR closing_date > now())
    ORDER BY id
    FOR KEY SHARE
  ), capped AS (
    -- What each buyer (by cedula) holds of the raffle already, plus what this statement's earlier
    -- requests of theirs ask: a request that would go past the raffle's cap sells nothing.
    SELECT c.i FROM (
      SELECT g.i, r.max_numbers_per_buyer AS cap,
        (SELECT count(*) FROM tickets t
         WHERE t.raffle_id = g.raffle_id AND t.buyer_cedula = g_cedula[g.i] AND t.ended_at IS NULL)
        + sum(cardinality(g.numbers)) OVER (PARTITION BY g.raffle_id, g_cedula[g.i] ORDER BY g.i) AS wanted
      FROM g JOIN r ON r.id = g.raffle_id
    ) AS c
    WHERE c.wanted <= c.cap
  ), src AS MATERIALIZED (
    SELECT gen_random_uuid() AS id, g.i, r.id AS raffle_id, u.n, r.digit_count,
           coalesce(g.prices[u.k], r.price_cents) AS price_cents, r.reservation_minutes,
           r.price_cents = 0 AS free_raffle
    FROM g JOIN r ON r.id = g.raffle_id AND r.is_sandbox = g.sandbox AND r.total_numbers > g.top
      -- Priced by the service with the raffle's current terms, or plain on a raffle without packages.
      AND CASE WHEN g.terms IS NULL THEN r.packages = '[]'::jsonb
               ELSE jsonb_build_object('price_cents', r.price_cents, 'packages', r.packages) = g.terms END
    JOIN capped ON capped.i = g.i
    CROSS JOIN unnest(g.numbers) WITH ORDINALITY AS u(n, k)
  ), ins AS (
    INSERT INTO tickets (id, raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_address,
                         buyer_cedula, buyer_email, payment_method, payment_proof, purchased_at,
                         reserved_until, total_paid_cents, remaining_cents, price_cents, version, order_id)
    SELECT s.id, s.raffle_id, s.n, lpad(s.n::text, s.digit_count, '0'), 'apartado', g_name[s.i], g_phone[s.i],
           g_address[s.i], g_cedula[s.i], g_email[s.i], g_method[s.i], g_proof[s.i], now(),
           -- A free raffle's number owes nothing: it is kept with no deadline (the sweep never ends it).
           CASE WHEN NOT s.free_raffle THEN now() + make_interval(mins => s.reservation_minutes) END,
           0, s.price_cents, s.price_cents,
           nextval('ticket_version_seq'), order_ids[s.i]
    FROM src AS s
    -- Every statement takes its numbers in one order, so two of them can wait for each other's
    -- number but never in a circle (no deadlock).
    ORDER BY s.raffle_id, s.n, s.i
    -- A number already sold (or sold just before by an earlier group) skips its row, not the
    -- statement: an error would undo the other buyers' sales.
    ON CONFLICT (raffle_id, number) WHERE ended_at IS NULL DO NOTHING
    RETURNING *
  )
  SELECT array_agg(ins ORDER BY src.i, ins.number), array_agg(src.i ORDER BY src.i, ins.number)
  INTO sold, sold_grp
  FROM ins JOIN src ON src.id = ins.id;

  SELECT coalesce(array_agg(k), '{}') INTO complete
  FROM (SELECT x.k FROM unnest(sold_grp) AS x(k) GROUP BY x.k
        HAVING count(*) = cardinality(g_numbers[x.k]::integer[])) AS c;

  -- All or nothing: what a group got of a request it could not get whole goes back before the commit.
  DELETE FROM tickets
  WHERE id IN (SELECT (sold[k]).id FROM generate_subscripts(sold, 1) AS k WHERE NOT sold_grp[k] = ANY (complete));
  DELETE FROM orders WHERE id IN (SELECT order_ids[i] FROM generate_subscripts(g_raffle, 1) AS i WHERE NOT i = ANY (complete));

  INSERT INTO ticket_events (ticket_id, raffle_id, number, from_status, to_status, note)
  SELECT (sold[k]).id, (sold[k]).raffle_id, (sold[k]).number, 'disponible', (sold[k]).status, 'Reserva en línea'
  FROM generate_subscripts(sold, 1) AS k WHERE sold_grp[k] = ANY (complete);

  RETURN QUERY
    SELECT sold_grp[k], sold[k], NULL::text, NULL::integer[], NULL::integer, codes[sold_grp[k]]
    FROM generate_subscripts(sold, 1) AS k WHERE sold_grp[k] = ANY (complete);

  -- Why each other group sold nothing, read after the fact (only refused groups pay for it).
  RETURN QUERY
    WITH g0 AS (
      SELECT i, g_raffle[i] AS raffle_id, g_sandbox[i] AS sandbox, g_numbers[i]::integer[] AS numbers,
             g_terms[i]::jsonb AS terms
      FROM generate_subscripts(g_raffle, 1) AS i
      WHERE NOT i = ANY (complete)
    ), g AS (
      -- The numbers of the request someone holds now (a live sale, through the live-number index).
      SELECT g0.*, ARRAY(SELECT n FROM unnest(g0.numbers) AS n
                         WHERE EXISTS (SELECT 1 FROM tickets t
                                       WHERE t.raffle_id = g0.raffle_id AND t.number = n AND t.ended_at IS NULL)
                         ORDER BY n) AS taken
      FROM g0
    ), why AS (
      SELECT g.i, g.raffle_id, g.numbers, g.taken, r.total_numbers, r.digit_count, r.max_numbers_per_buyer,
        CASE
          WHEN r.id IS NULL OR r.is_sandbox <> g.sandbox OR r.status = 'borrador' THEN 'RAFFLE_NOT_FOUND'
          WHEN r.status IN ('cerrada', 'finalizada') OR r.closing_date <= now() THEN 'RAFFLE_CLOSED'
          WHEN r.status <> 'activa' THEN 'RAFFLE_NOT_OPEN'
          WHEN EXISTS (SELECT 1 FROM unnest(g.numbers) AS n WHERE n >= r.total_numbers) THEN 'NUMBERS_OUT_OF_RANGE'
          WHEN CASE WHEN g.terms IS NULL THEN r.packages <> '[]'::jsonb
                    ELSE jsonb_build_object('price_cents', r.price_cents, 'packages', r.packages) <> g.terms END
            THEN 'PRICES_CHANGED'
          -- A number someone holds is said before the cap: the cap's answer comes only for numbers
          -- all free, so typing a cédula with one taken number no longer tells whether it holds any.
          WHEN cardinality(g.taken) > 0 THEN 'TICKETS_UNAVAILABLE'
          -- Counted only for a request that got this far (CASE stops at the first true branch).
          WHEN (SELECT count(*) FROM tickets t
                WHERE t.raffle_id = g.raffle_id AND t.buyer_cedula = g_cedula[g.i] AND t.ended_at IS NULL)
               + cardinality(g.numbers) > r.max_numbers_per_buyer THEN 'BUYER_LIMIT'
          ELSE 'TICKETS_UNAVAILABLE'
        END AS refusal
      FROM g LEFT JOIN raffles r ON r.id = g.raffle_id
    )
    SELECT why.i, NULL::tickets, why.refusal,
      CASE why.refusal
        -- The cap and what the buyer holds already, for the message.
        WHEN 'BUYER_LIMIT' THEN ARRAY[why.max_numbers_per_buyer,
          (SELECT count(*)::integer FROM tickets t
           WHERE t.raffle_id = why.raffle_id AND t.buyer_cedula = g_cedula[why.i] AND t.ended_at IS NULL)]
        WHEN 'NUMBERS_OUT_OF_RANGE' THEN
          ARRAY(SELECT n FROM unnest(why.numbers) AS n WHERE n >= why.total_numbers ORDER BY n)
        WHEN 'TICKETS_UNAVAILABLE' THEN
          -- The numbers held by someone else now; else those this group did not get (a sale that
          -- held one has ended since).
          CASE WHEN cardinality(why.taken) > 0 THEN why.taken ELSE
          ARRAY(SELECT n FROM unnest(why.numbers) AS n
                WHERE NOT EXISTS (SELECT 1 FROM generate_subscripts(sold, 1) AS k
                                  WHERE sold_grp[k] = why.i AND (sold[k]).number = n)
                ORDER BY n) END
      END,
      why.digit_count, NULL::text
    FROM why;
END
$fn$;
--> statement-breakpoint
-- Generic plans, as migration 0029 set them (CREATE OR REPLACE resets a function's settings).
ALTER FUNCTION reserve_sales(uuid[], boolean[], integer[], text[], text[], text[], text[], text[], text[],
  text[], text[], uuid[], text[], text[], uuid[]) SET plan_cache_mode = force_generic_plan;
