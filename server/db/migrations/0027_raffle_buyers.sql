-- The buyers screen's order, kept per buyer (issue 20, target 4; decision 045): one row per raffle and
-- cédula holding a live sale, with the name of that buyer's latest live sale. The screen lists buyers
-- by that name; finding a page of them was a group by over every sale of the raffle (100,000 sales:
-- ~160 ms on PGlite). The figures of each listed buyer are still counted from their sales.
CREATE TABLE raffle_buyers (
  raffle_id uuid NOT NULL REFERENCES raffles(id) ON DELETE CASCADE,
  cedula text NOT NULL,
  buyer_name text,
  -- When that latest live sale was made (NULL: a sale without a purchase time, the oldest).
  latest_at timestamptz,
  PRIMARY KEY (raffle_id, cedula)
);
--> statement-breakpoint
CREATE INDEX raffle_buyers_name_idx ON raffle_buyers (raffle_id, buyer_name, cedula);
--> statement-breakpoint
INSERT INTO raffle_buyers (raffle_id, cedula, buyer_name, latest_at)
  SELECT DISTINCT ON (raffle_id, buyer_cedula) raffle_id, buyer_cedula, buyer_name, purchased_at
  FROM tickets
  WHERE status <> 'disponible' AND buyer_cedula IS NOT NULL
  ORDER BY raffle_id, buyer_cedula, purchased_at DESC NULLS LAST, id;
--> statement-breakpoint
-- New sales (a reservation, a staff sale): the buyer's row takes the sale's name when it is the
-- latest. One statement per inserting statement, and it only ever moves a row forward, so buyers
-- reserving at once never undo each other (ON CONFLICT waits for the other's row and compares anew).
CREATE FUNCTION raffle_buyers_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO raffle_buyers AS b (raffle_id, cedula, buyer_name, latest_at)
    SELECT DISTINCT ON (n.raffle_id, n.buyer_cedula) n.raffle_id, n.buyer_cedula, n.buyer_name, n.purchased_at
    FROM new_sales n
    WHERE n.status <> 'disponible' AND n.buyer_cedula IS NOT NULL
    ORDER BY n.raffle_id, n.buyer_cedula, n.purchased_at DESC NULLS LAST, n.id
  ON CONFLICT (raffle_id, cedula) DO UPDATE
    SET buyer_name = excluded.buyer_name, latest_at = excluded.latest_at
    WHERE coalesce(excluded.latest_at, '-infinity') >= coalesce(b.latest_at, '-infinity');
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Sales that ended, moved to another cédula, or whose name or purchase time changed: their buyers'
-- rows are read again from their live sales. Each row is locked first (created if missing), and
-- only then are the sales read, in a later statement that sees every sale committed meanwhile: a
-- reservation of the same buyer at the same moment is either seen here or waits and applies its own.
CREATE FUNCTION raffle_buyers_refresh(keys jsonb) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO raffle_buyers (raffle_id, cedula)
    SELECT k.raffle_id, k.cedula
    FROM jsonb_to_recordset(keys) AS k(raffle_id uuid, cedula text)
    JOIN raffles r ON r.id = k.raffle_id
    ORDER BY 1, 2
  ON CONFLICT (raffle_id, cedula) DO NOTHING;
  PERFORM 1 FROM raffle_buyers b
    JOIN jsonb_to_recordset(keys) AS k(raffle_id uuid, cedula text) ON b.raffle_id = k.raffle_id AND b.cedula = k.cedula
    ORDER BY b.raffle_id, b.cedula
    FOR UPDATE OF b;
  UPDATE raffle_buyers b SET buyer_name = latest.buyer_name, latest_at = latest.purchased_at
    FROM (
      SELECT DISTINCT ON (t.raffle_id, t.buyer_cedula) t.raffle_id, t.buyer_cedula, t.buyer_name, t.purchased_at
      FROM jsonb_to_recordset(keys) AS k(raffle_id uuid, cedula text)
      JOIN tickets t ON t.buyer_cedula = k.cedula AND t.raffle_id = k.raffle_id AND t.status <> 'disponible'
      ORDER BY t.raffle_id, t.buyer_cedula, t.purchased_at DESC NULLS LAST, t.id
    ) latest
    WHERE b.raffle_id = latest.raffle_id AND b.cedula = latest.buyer_cedula;
  DELETE FROM raffle_buyers b
    USING jsonb_to_recordset(keys) AS k(raffle_id uuid, cedula text)
    WHERE b.raffle_id = k.raffle_id AND b.cedula = k.cedula
      AND NOT EXISTS (SELECT 1 FROM tickets t
        WHERE t.buyer_cedula = b.cedula AND t.raffle_id = b.raffle_id AND t.status <> 'disponible');
END
$fn$;
--> statement-breakpoint
-- Only statements that end a sale or change its cédula, name or purchase time reach the refresh:
-- money, versions and the rest change nothing here and stop at this check. (Each branch reads only
-- the transition tables its trigger has: PL/pgSQL plans a statement when it first runs it.)
CREATE FUNCTION raffle_buyers_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  keys jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_object('raffle_id', o.raffle_id, 'cedula', o.buyer_cedula)) INTO keys
    FROM old_sales o WHERE o.buyer_cedula IS NOT NULL AND o.status <> 'disponible';
  ELSE
    SELECT jsonb_agg(DISTINCT jsonb_build_object('raffle_id', k.raffle_id, 'cedula', k.cedula)) INTO keys
    FROM old_sales o JOIN new_sales n ON n.id = o.id,
      LATERAL (VALUES (o.raffle_id, o.buyer_cedula), (n.raffle_id, n.buyer_cedula)) AS k(raffle_id, cedula)
    WHERE k.cedula IS NOT NULL
      AND (o.status, o.buyer_cedula, o.buyer_name, o.purchased_at, o.raffle_id)
        IS DISTINCT FROM (n.status, n.buyer_cedula, n.buyer_name, n.purchased_at, n.raffle_id);
  END IF;
  IF keys IS NOT NULL THEN
    PERFORM raffle_buyers_refresh(keys);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER tickets_raffle_buyers_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_sales FOR EACH STATEMENT EXECUTE FUNCTION raffle_buyers_after_insert();
--> statement-breakpoint
CREATE TRIGGER tickets_raffle_buyers_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_sales NEW TABLE AS new_sales FOR EACH STATEMENT EXECUTE FUNCTION raffle_buyers_after_change();
--> statement-breakpoint
CREATE TRIGGER tickets_raffle_buyers_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_sales FOR EACH STATEMENT EXECUTE FUNCTION raffle_buyers_after_change();
