-- The reservations of several buyers in one statement and one commit (decision 016). Each group is
-- one buyer's request: it sells all of its numbers or none. A group is skipped when its raffle is
-- not on sale or a number is out of range; when another sale holds one of its numbers, the sales it
-- did insert are deleted again before the commit, so nobody ever sees part of a request. Answers
-- the sales made, each with its group (1-based).
CREATE FUNCTION reserve_sales(
  g_raffle uuid[], g_sandbox boolean[], g_top integer[], g_numbers text[],
  g_name text[], g_phone text[], g_address text[], g_cedula text[], g_email text[],
  g_method text[], g_proof text[]
) RETURNS TABLE (grp integer, sale tickets) LANGUAGE plpgsql AS $fn$
DECLARE
  wanted integer[];
  sold tickets[];
BEGIN
  FOR i IN 1 .. coalesce(cardinality(g_raffle), 0) LOOP
    wanted := g_numbers[i]::integer[];
    -- The raffle is read with a key-share lock (closing waits for the sales, as in ticketsRepo.reserve).
    WITH r AS (
      SELECT id, digit_count, price_cents, reservation_hours FROM raffles
      WHERE id = g_raffle[i] AND status = 'activa' AND (closing_date IS NULL OR closing_date > now())
        AND is_sandbox = g_sandbox[i] AND total_numbers > g_top[i]
      FOR KEY SHARE
    ), ins AS (
      INSERT INTO tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_address,
                           buyer_cedula, buyer_email, payment_method, payment_proof, purchased_at,
                           reserved_until, total_paid_cents, remaining_cents, price_cents, version)
      SELECT r.id, n, lpad(n::text, r.digit_count, '0'), 'apartado', g_name[i], g_phone[i], g_address[i],
             g_cedula[i], g_email[i], g_method[i], g_proof[i], now(),
             now() + make_interval(hours => r.reservation_hours), 0, r.price_cents, r.price_cents,
             nextval('ticket_version_seq')
      FROM r CROSS JOIN unnest(wanted) AS n
      -- A number already sold (or just sold by an earlier group) is skipped, not an error: an error
      -- would undo the other buyers' sales of this statement.
      ON CONFLICT (raffle_id, number) WHERE ended_at IS NULL DO NOTHING
      RETURNING *
    )
    SELECT coalesce(array_agg(ins ORDER BY ins.number), '{}') INTO sold FROM ins;
    IF cardinality(sold) = cardinality(wanted) THEN
      INSERT INTO ticket_events (ticket_id, raffle_id, number, from_status, to_status, note)
      SELECT s.id, s.raffle_id, s.number, 'disponible', s.status, 'Reserva en línea' FROM unnest(sold) AS s;
      RETURN QUERY SELECT i, s FROM unnest(sold) AS s;
    ELSIF cardinality(sold) > 0 THEN
      -- Part of the request was taken: all or nothing, so the rest goes back before the commit.
      DELETE FROM tickets WHERE id IN (SELECT s.id FROM unnest(sold) AS s);
    END IF;
  END LOOP;
END
$fn$;
