-- Money is a ledger (issue 18, decision 019). A ticket's paid amount is the sum of its approved
-- payment parts minus its refunds, recomputed by the database on every write of the ticket, so no
-- request can set it; what it owes is its price snapshot minus that, and both are checked.
-- A reservation is an order (pedido) with a short public code; one payment pays an order, spread
-- over its numbers as payment parts. A bank reference is credited once: (method, normalised
-- reference) is unique among payments that are not rejected.

CREATE TABLE "orders" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "code" text NOT NULL,
  "raffle_id" uuid NOT NULL REFERENCES "raffles"("id") ON DELETE cascade,
  "buyer_cedula" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_key" ON "orders" ("code");
--> statement-breakpoint
CREATE INDEX "orders_raffle_idx" ON "orders" ("raffle_id");
--> statement-breakpoint
-- 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S): read over the phone.
CREATE FUNCTION new_order_code() RETURNS text LANGUAGE sql VOLATILE AS $fn$
  SELECT string_agg(substr('346789ABCDEFGHJKMNPQRTUVWXY', 1 + floor(random() * 27)::int, 1), '')
  FROM generate_series(1, 8)
$fn$;
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "order_id" uuid REFERENCES "orders"("id");
--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" ("order_id");
--> statement-breakpoint
-- Existing sales: the numbers one buyer reserved together (same raffle, cedula and moment) are one order.
CREATE TEMP TABLE legacy_orders AS
  SELECT gen_random_uuid() AS id, new_order_code() AS code, raffle_id, buyer_cedula, purchased_at
  FROM (SELECT DISTINCT raffle_id, buyer_cedula, purchased_at FROM tickets) AS s;
--> statement-breakpoint
INSERT INTO "orders" ("id", "code", "raffle_id", "buyer_cedula", "created_at")
  SELECT id, code, raffle_id, buyer_cedula, coalesce(purchased_at, now()) FROM legacy_orders;
--> statement-breakpoint
UPDATE "tickets" t SET "order_id" = o.id FROM legacy_orders o
  WHERE o.raffle_id = t.raffle_id AND o.buyer_cedula IS NOT DISTINCT FROM t.buyer_cedula
    AND o.purchased_at IS NOT DISTINCT FROM t.purchased_at;
--> statement-breakpoint

-- Payments: what the buyer reported, and where the money goes.
ALTER TABLE "payments" ADD COLUMN "order_id" uuid REFERENCES "orders"("id");
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference_key" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_code" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_phone" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_ves_cents" bigint;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_on" date;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by_staff" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Money is never deleted with a sale: a sale with payments cannot be deleted (nor its raffle).
ALTER TABLE "payments" DROP CONSTRAINT "payments_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE restrict;
--> statement-breakpoint
CREATE TABLE "payment_parts" (
  "payment_id" uuid NOT NULL REFERENCES "payments"("id") ON DELETE restrict,
  "ticket_id" uuid NOT NULL REFERENCES "tickets"("id") ON DELETE restrict,
  "amount_cents" bigint NOT NULL,
  PRIMARY KEY ("payment_id", "ticket_id"),
  CONSTRAINT "payment_parts_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "payment_parts_ticket_idx" ON "payment_parts" ("ticket_id");
--> statement-breakpoint
CREATE TABLE "refunds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "ticket_id" uuid NOT NULL REFERENCES "tickets"("id") ON DELETE restrict,
  "amount_cents" bigint NOT NULL,
  "reason" text NOT NULL,
  "actor_id" uuid REFERENCES "profiles"("id") ON DELETE set null,
  "actor_email" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "refunds_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "refunds_ticket_idx" ON "refunds" ("ticket_id");
--> statement-breakpoint

-- Every existing payment pays its own ticket.
INSERT INTO "payment_parts" ("payment_id", "ticket_id", "amount_cents")
  SELECT "id", "ticket_id", "amount_cents" FROM "payments";
--> statement-breakpoint
UPDATE "payments" p SET "order_id" = t."order_id" FROM "tickets" t WHERE t."id" = p."ticket_id";
--> statement-breakpoint
-- References as the duplicate rule compares them (domain/references.ts); a later payment repeating
-- an earlier live one's reference keeps its text but loses its key (it stays flagged as duplicate).
UPDATE "payments" SET "reference_key" = nullif(upper(regexp_replace("reference", '[^0-9A-Za-z]', '', 'g')), '')
  WHERE "reference" IS NOT NULL;
--> statement-breakpoint
UPDATE "payments" SET "reference_key" = NULL WHERE length("reference_key") < 4;
--> statement-breakpoint
UPDATE "payments" p SET "reference_key" = NULL FROM (
  SELECT "id", row_number() OVER (PARTITION BY "payment_method", "reference_key" ORDER BY "created_at", "id") AS k
  FROM "payments" WHERE "reference_key" IS NOT NULL AND "status" <> 'rejected'
) d WHERE d."id" = p."id" AND d.k > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" ("payment_method", "reference_key")
  WHERE "reference_key" IS NOT NULL AND "status" <> 'rejected';
--> statement-breakpoint

-- Figures typed by staff before the ledger become entries, so the ledger equals what was recorded
-- (capped at the sale's price): the missing amount as an approved cash payment, an excess as a refund.
CREATE TEMP TABLE legacy_ledger AS
  SELECT t."id" AS ticket_id, t."order_id", least(greatest(t."total_paid_cents", 0), t."price_cents") AS target,
    coalesce((SELECT sum(p."amount_cents") FROM "payments" p WHERE p."ticket_id" = t."id" AND p."status" = 'approved'), 0) AS approved
  FROM "tickets" t;
--> statement-breakpoint
CREATE TEMP TABLE legacy_payments AS
  SELECT gen_random_uuid() AS id, ticket_id, order_id, target - approved AS amount FROM legacy_ledger WHERE target > approved;
--> statement-breakpoint
INSERT INTO "payments" ("id", "ticket_id", "order_id", "status", "amount_cents", "payment_method", "notes",
                        "recorded_by_staff", "applied_at", "reviewed_at")
  SELECT id, ticket_id, order_id, 'approved', amount, 'efectivo', 'Monto registrado antes del libro de pagos', true, now(), now()
  FROM legacy_payments;
--> statement-breakpoint
INSERT INTO "payment_parts" ("payment_id", "ticket_id", "amount_cents") SELECT id, ticket_id, amount FROM legacy_payments;
--> statement-breakpoint
INSERT INTO "refunds" ("ticket_id", "amount_cents", "reason")
  SELECT ticket_id, approved - target, 'Ajuste al registrar el libro de pagos' FROM legacy_ledger WHERE approved > target;
--> statement-breakpoint

-- The ledger sum of one sale.
CREATE FUNCTION ledger_paid_cents(sale uuid) RETURNS bigint LANGUAGE sql STABLE AS $fn$
  SELECT coalesce((SELECT sum(pp.amount_cents) FROM payment_parts pp JOIN payments p ON p.id = pp.payment_id
                   WHERE pp.ticket_id = sale AND p.status = 'approved'), 0)
       - coalesce((SELECT sum(r.amount_cents) FROM refunds r WHERE r.ticket_id = sale), 0)
$fn$;
--> statement-breakpoint
-- Whatever a statement writes into a ticket's money columns, they end up as the ledger says.
CREATE FUNCTION tickets_money_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.total_paid_cents := 0; -- a new sale has no entries yet
  ELSE
    NEW.total_paid_cents := ledger_paid_cents(NEW.id);
  END IF;
  NEW.remaining_cents := NEW.price_cents - NEW.total_paid_cents;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "tickets_money_from_ledger" BEFORE INSERT OR UPDATE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION tickets_money_from_ledger();
--> statement-breakpoint
-- A ledger entry that changes money brings its tickets up to date in the same statement.
CREATE FUNCTION ledger_touch_tickets() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'refunds' THEN
    UPDATE tickets SET total_paid_cents = 0 WHERE id = NEW.ticket_id;
  ELSIF TG_TABLE_NAME = 'payment_parts' THEN
    UPDATE tickets SET total_paid_cents = 0 WHERE id = NEW.ticket_id
      AND EXISTS (SELECT 1 FROM payments p WHERE p.id = NEW.payment_id AND p.status = 'approved');
  ELSE
    UPDATE tickets SET total_paid_cents = 0 WHERE id IN (SELECT ticket_id FROM payment_parts WHERE payment_id = NEW.id);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "refunds_touch_tickets" AFTER INSERT ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION ledger_touch_tickets();
--> statement-breakpoint
CREATE TRIGGER "payment_parts_touch_tickets" AFTER INSERT ON "payment_parts"
  FOR EACH ROW EXECUTE FUNCTION ledger_touch_tickets();
--> statement-breakpoint
CREATE TRIGGER "payments_touch_tickets" AFTER UPDATE OF "status" ON "payments"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION ledger_touch_tickets();
--> statement-breakpoint
-- Entries are immutable: a decided payment keeps its decision and amount; parts and refunds are
-- never changed or deleted (a mistake is corrected by a new entry).
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- A test-bench sandbox (never public, never counted) goes with all its rows.
  IF TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM tickets t JOIN raffles r ON r.id = t.raffle_id
                                  WHERE t.id = OLD.ticket_id AND r.is_sandbox) THEN
    RETURN OLD;
  END IF;
  IF TG_TABLE_NAME = 'payments' AND TG_OP = 'UPDATE' AND NEW.amount_cents = OLD.amount_cents
     AND (OLD.status = 'pending' OR NEW.status = OLD.status) THEN
    RETURN NEW; -- a pending payment is decided once; notes and review details may be added
  END IF;
  RAISE EXCEPTION 'ledger entries are immutable (%)', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "payments_immutable" BEFORE UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER "payment_parts_immutable" BEFORE UPDATE OR DELETE ON "payment_parts"
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER "refunds_immutable" BEFORE UPDATE OR DELETE ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
UPDATE "tickets" SET "total_paid_cents" = 0;
--> statement-breakpoint
DROP TABLE legacy_orders, legacy_ledger, legacy_payments;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_paid_check"
  CHECK ("total_paid_cents" >= 0 AND "total_paid_cents" + "remaining_cents" = "price_cents");
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_paid_within_price_check" CHECK ("total_paid_cents" <= "price_cents");
--> statement-breakpoint

-- Reservations create their order (codes in SQL so the one statement stays one statement).
DROP FUNCTION reserve_sales(uuid[], boolean[], integer[], text[], text[], text[], text[], text[], text[], text[], text[]);
--> statement-breakpoint
CREATE FUNCTION reserve_sales(
  g_raffle uuid[], g_sandbox boolean[], g_top integer[], g_numbers text[],
  g_name text[], g_phone text[], g_address text[], g_cedula text[], g_email text[],
  g_method text[], g_proof text[]
) RETURNS TABLE (grp integer, sale tickets, refusal text, refused integer[], digits integer, order_code text)
LANGUAGE plpgsql AS $fn$
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
  INSERT INTO orders (id, code, raffle_id, buyer_cedula)
  SELECT order_ids[i], codes[i], g_raffle[i], g_cedula[i] FROM generate_subscripts(g_raffle, 1) AS i
  WHERE EXISTS (SELECT 1 FROM raffles WHERE id = g_raffle[i]);

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
                         reserved_until, total_paid_cents, remaining_cents, price_cents, version, order_id)
    SELECT s.id, s.raffle_id, s.n, lpad(s.n::text, s.digit_count, '0'), 'apartado', g_name[s.i], g_phone[s.i],
           g_address[s.i], g_cedula[s.i], g_email[s.i], g_method[s.i], g_proof[s.i], now(),
           now() + make_interval(hours => s.reservation_hours), 0, s.price_cents, s.price_cents,
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
      why.digit_count, NULL::text
    FROM why;
END
$fn$;
