-- Cash held by vendedores (decision 062). Money a vendedor records by hand ("Registrar pago",
-- pagado, abonado) is cash in that vendedor's hands until an admin records that it was handed
-- over; the commission it earned is held until then. Three append-only tables: what each such
-- payment put in the vendedor's hands, what an admin recorded as handed over, and what took cash
-- off a payment (a refund of its sale, or a hand-over, oldest payment first). Held figures are sums.
CREATE TABLE "cash_receipts" (
  "payment_id" uuid PRIMARY KEY REFERENCES "payments"("id") ON DELETE RESTRICT,
  -- The vendedor who recorded the payment, and so holds the cash.
  "holder_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE RESTRICT,
  "ticket_id" uuid NOT NULL REFERENCES "tickets"("id") ON DELETE RESTRICT,
  "raffle_id" uuid NOT NULL REFERENCES "raffles"("id") ON DELETE RESTRICT,
  "amount_cents" bigint NOT NULL,
  -- The day's Bs per USD when it was recorded (the payment's own), null when none was known.
  "rate_to_usd" numeric(18, 6),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "cash_receipts_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "cash_receipts_holder_idx" ON "cash_receipts" ("holder_id", "created_at");
--> statement-breakpoint
CREATE INDEX "cash_receipts_ticket_idx" ON "cash_receipts" ("ticket_id");
--> statement-breakpoint
CREATE TABLE "cash_handovers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "holder_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE RESTRICT,
  "amount_cents" bigint NOT NULL,
  -- The same cash in Bs at the rates of the payments it covers.
  "amount_ves_cents" bigint,
  "note" text,
  -- Chosen by the admin's browser: the same request sent again answers this hand-over.
  "request_id" uuid NOT NULL,
  "created_by" uuid REFERENCES "profiles"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "cash_handovers_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_handovers_request_id_key" ON "cash_handovers" ("request_id");
--> statement-breakpoint
CREATE INDEX "cash_handovers_holder_idx" ON "cash_handovers" ("holder_id", "created_at");
--> statement-breakpoint
CREATE TABLE "cash_settlements" (
  "id" bigserial PRIMARY KEY,
  "payment_id" uuid NOT NULL REFERENCES "cash_receipts"("payment_id") ON DELETE RESTRICT,
  "kind" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "refund_id" uuid REFERENCES "refunds"("id") ON DELETE RESTRICT,
  "handover_id" uuid REFERENCES "cash_handovers"("id") ON DELETE RESTRICT,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "cash_settlements_amount_check" CHECK ("amount_cents" > 0),
  CONSTRAINT "cash_settlements_kind_check" CHECK (
    ("kind" = 'refunded' AND "refund_id" IS NOT NULL AND "handover_id" IS NULL)
    OR ("kind" = 'handed_over' AND "handover_id" IS NOT NULL AND "refund_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "cash_settlements_payment_idx" ON "cash_settlements" ("payment_id");
--> statement-breakpoint
CREATE INDEX "cash_settlements_handover_idx" ON "cash_settlements" ("handover_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_settlements_refund_key" ON "cash_settlements" ("refund_id", "payment_id") WHERE "kind" = 'refunded';
--> statement-breakpoint
CREATE FUNCTION cash_records_immutable() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'cash records are immutable' USING ERRCODE = 'check_violation';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "cash_receipts_immutable" BEFORE UPDATE OR DELETE ON "cash_receipts"
  FOR EACH ROW EXECUTE FUNCTION cash_records_immutable();
--> statement-breakpoint
CREATE TRIGGER "cash_handovers_immutable" BEFORE UPDATE OR DELETE ON "cash_handovers"
  FOR EACH ROW EXECUTE FUNCTION cash_records_immutable();
--> statement-breakpoint
CREATE TRIGGER "cash_settlements_immutable" BEFORE UPDATE OR DELETE ON "cash_settlements"
  FOR EACH ROW EXECUTE FUNCTION cash_records_immutable();
--> statement-breakpoint
CREATE TRIGGER "cash_receipts_no_truncate" BEFORE TRUNCATE ON "cash_receipts"
  FOR EACH STATEMENT EXECUTE FUNCTION cash_records_immutable();
--> statement-breakpoint
CREATE TRIGGER "cash_handovers_no_truncate" BEFORE TRUNCATE ON "cash_handovers"
  FOR EACH STATEMENT EXECUTE FUNCTION cash_records_immutable();
--> statement-breakpoint
CREATE TRIGGER "cash_settlements_no_truncate" BEFORE TRUNCATE ON "cash_settlements"
  FOR EACH STATEMENT EXECUTE FUNCTION cash_records_immutable();
