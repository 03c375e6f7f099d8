-- Every reservation rule in one place (issue 17): `reserve_sales` is the only statement that sells
-- a number online (one buyer's request alone, or many together), and it also says why a request
-- sold nothing, so no other code re-checks status, closing date, sandbox or range.
-- Each group is one buyer's request and sells all of its numbers or none. A group that sold
-- nothing answers one row with no sale and its refusal:
--   RAFFLE_NOT_FOUND      no such raffle, a draft, or sandbox flag not matching the raffle's
--   RAFFLE_CLOSED         closed, finished, or past its closing date
--   RAFFLE_NOT_OPEN       any other status that is not on sale
--   NUMBERS_OUT_OF_RANGE  `refused` = the numbers past the raffle's last one
--   TICKETS_UNAVAILABLE   `refused` = the numbers another sale holds (or an earlier group of this call)
-- `digits` (the raffle's digit count) lets the caller name the numbers as the buyer sees them.
DROP FUNCTION reserve_sales(uuid[], boolean[], integer[], text[], text[], text[], text[], text[], text[], text[], text[]);
--> statement-breakpoint
CREATE FUNCTION reserve_sales(
  g_raffle uuid[], g_sandbox boolean[], g_top integer[], g_numbers text[],
  g_name text[], g_phone text[], g_address text[], g_cedula text[], g_email text[],
  g_method text[], g_proof text[]
) RETURNS TABLE (grp integer, sale tickets, refusal text, refused integer[], digits integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  sold tickets[];
  sold_grp integer[];
  complete integer[];
BEGIN
  WITH g AS (
    SELECT i, g_raffle[i] AS raffle_id, g_sandbox[i] AS sandbox, g_top[i] AS top,
           g_numbers[i]::integer[] AS numbers
    FROM generate_subscripts(g_raffle, 1) AS i
  ), r AS (
    -- Key share: sales of a raffle run side by side, closing it waits for them.
    SELECT id, digit_count, price_cents, reservation_hours, is_sandbox, total_numbers FROM raffles
    WHERE id IN (SELECT raffle_id FROM g) AND status = 'activa'
      AND (closing_date IS NULL OR closing_date > now())
    ORDER BY id
    FOR KEY SHARE
  ), src AS MATERIALIZED (
    SELECT gen_random_uuid() AS id, g.i, r.id AS raffle_id, n, r.digit_count, r.price_cents, r.reservation_hours
    FROM g JOIN r ON r.id = g.raffle_id AND r.is_sandbox = g.sandbox AND r.total_numbers > g.top
    CROSS JOIN unnest(g.numbers) AS n
  ), ins AS (
    INSERT INTO tickets (id, raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_address,
                         buyer_cedula, buyer_email, payment_method, payment_proof, purchased_at,
                         reserved_until, total_paid_cents, remaining_cents, price_cents, version)
    SELECT s.id, s.raffle_id, s.n, lpad(s.n::text, s.digit_count, '0'), 'apartado', g_name[s.i], g_phone[s.i],
           g_address[s.i], g_cedula[s.i], g_email[s.i], g_method[s.i], g_proof[s.i], now(),
           now() + make_interval(hours => s.reservation_hours), 0, s.price_cents, s.price_cents,
           nextval('ticket_version_seq')
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

  INSERT INTO ticket_events (ticket_id, raffle_id, number, from_status, to_status, note)
  SELECT (sold[k]).id, (sold[k]).raffle_id, (sold[k]).number, 'disponible', (sold[k]).status, 'Reserva en línea'
  FROM generate_subscripts(sold, 1) AS k WHERE sold_grp[k] = ANY (complete);

  RETURN QUERY
    SELECT sold_grp[k], sold[k], NULL::text, NULL::integer[], NULL::integer
    FROM generate_subscripts(sold, 1) AS k WHERE sold_grp[k] = ANY (complete);

  -- Why each other group sold nothing, read after the fact (only refused groups pay for it).
  RETURN QUERY
    WITH g AS (
      SELECT i, g_raffle[i] AS raffle_id, g_sandbox[i] AS sandbox, g_numbers[i]::integer[] AS numbers
      FROM generate_subscripts(g_raffle, 1) AS i
      WHERE NOT i = ANY (complete)
    ), why AS (
      SELECT g.i, g.numbers, r.total_numbers, r.digit_count,
        CASE
          WHEN r.id IS NULL OR r.is_sandbox <> g.sandbox OR r.status = 'borrador' THEN 'RAFFLE_NOT_FOUND'
          WHEN r.status IN ('cerrada', 'finalizada') OR r.closing_date <= now() THEN 'RAFFLE_CLOSED'
          WHEN r.status <> 'activa' THEN 'RAFFLE_NOT_OPEN'
          WHEN EXISTS (SELECT 1 FROM unnest(g.numbers) AS n WHERE n >= r.total_numbers) THEN 'NUMBERS_OUT_OF_RANGE'
          ELSE 'TICKETS_UNAVAILABLE'
        END AS refusal
      FROM g LEFT JOIN raffles r ON r.id = g.raffle_id
    )
    SELECT why.i, NULL::tickets, why.refusal,
      CASE why.refusal
        WHEN 'NUMBERS_OUT_OF_RANGE' THEN
          ARRAY(SELECT n FROM unnest(why.numbers) AS n WHERE n >= why.total_numbers ORDER BY n)
        WHEN 'TICKETS_UNAVAILABLE' THEN
          -- The numbers this group did not get: someone else's sale held them.
          ARRAY(SELECT n FROM unnest(why.numbers) AS n
                WHERE NOT EXISTS (SELECT 1 FROM generate_subscripts(sold, 1) AS k
                                  WHERE sold_grp[k] = why.i AND (sold[k]).number = n)
                ORDER BY n)
      END,
      why.digit_count
    FROM why;
END
$fn$;
