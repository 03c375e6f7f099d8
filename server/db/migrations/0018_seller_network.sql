-- The seller network (issue 22, decision 036): vendedores assigned to raffles, a short referral
-- code per seller, the seller credited on each order, commission terms per raffle and seller, and
-- an append-only commission ledger whose sums are the balances.
ALTER TABLE "profiles" ADD COLUMN "seller_code" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_seller_code_key" ON "profiles" (upper("seller_code"));
--> statement-breakpoint
CREATE TABLE "raffle_sellers" (
  "raffle_id" uuid NOT NULL REFERENCES "raffles"("id") ON DELETE CASCADE,
  "seller_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
  "assigned_by" uuid REFERENCES "profiles"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("raffle_id", "seller_id")
);
--> statement-breakpoint
CREATE INDEX "raffle_sellers_seller_idx" ON "raffle_sellers" ("seller_id");
--> statement-breakpoint
-- Who brought the buyer: a referral link's seller (assigned to the raffle) or the staff member who
-- made the sale. Null: nobody is credited.
ALTER TABLE "orders" ADD COLUMN "seller_id" uuid REFERENCES "profiles"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" ("seller_id", "raffle_id");
--> statement-breakpoint
-- Commission terms: a new row per change, effective from its created_at (earlier earnings keep the
-- terms they were earned under; each ledger entry snapshots them).
CREATE TABLE "commission_terms" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "raffle_id" uuid NOT NULL REFERENCES "raffles"("id") ON DELETE CASCADE,
  "seller_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
  -- Percent of approved money in basis points (1000 = 10 %), or a fixed amount per fully paid number.
  "percent_bp" integer,
  "per_number_cents" bigint,
  "created_by" uuid REFERENCES "profiles"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "commission_terms_one_kind_check" CHECK (
    ("percent_bp" IS NULL) <> ("per_number_cents" IS NULL)
    AND ("percent_bp" IS NULL OR "percent_bp" BETWEEN 0 AND 10000)
    AND ("per_number_cents" IS NULL OR "per_number_cents" >= 0))
);
--> statement-breakpoint
CREATE INDEX "commission_terms_lookup_idx" ON "commission_terms" ("raffle_id", "seller_id", "created_at");
--> statement-breakpoint
CREATE TABLE "seller_ledger" (
  "id" bigserial PRIMARY KEY,
  "seller_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE RESTRICT,
  "raffle_id" uuid REFERENCES "raffles"("id") ON DELETE RESTRICT,
  "kind" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  -- The same amount in Bs at the entry's rate (null when no rate was known).
  "amount_ves_cents" bigint,
  "rate_to_usd" numeric(18, 6),
  -- What caused it: an approved payment (earned), a refund (reversed), or a payout (paid_out).
  "payment_id" uuid REFERENCES "payments"("id") ON DELETE RESTRICT,
  "refund_id" uuid REFERENCES "refunds"("id") ON DELETE RESTRICT,
  "ticket_id" uuid REFERENCES "tickets"("id") ON DELETE RESTRICT,
  -- The terms it was earned under (snapshot).
  "percent_bp" integer,
  "per_number_cents" bigint,
  -- A payout's details.
  "method" text,
  "reference" text,
  "paid_on" date,
  "note" text,
  "created_by" uuid REFERENCES "profiles"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "seller_ledger_kind_check" CHECK ("kind" IN ('earned', 'reversed', 'paid_out')),
  CONSTRAINT "seller_ledger_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "seller_ledger_seller_idx" ON "seller_ledger" ("seller_id", "id");
--> statement-breakpoint
CREATE INDEX "seller_ledger_raffle_idx" ON "seller_ledger" ("raffle_id", "seller_id");
--> statement-breakpoint
-- One earning per payment and ticket, one reversal per refund and ticket: approving or refunding
-- twice (or two instances racing) never credits twice.
CREATE UNIQUE INDEX "seller_ledger_earned_key" ON "seller_ledger" ("payment_id", "ticket_id", "seller_id") WHERE "kind" = 'earned';
--> statement-breakpoint
CREATE UNIQUE INDEX "seller_ledger_reversed_key" ON "seller_ledger" ("refund_id", "ticket_id", "seller_id") WHERE "kind" = 'reversed';
--> statement-breakpoint
CREATE FUNCTION seller_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'seller ledger entries are immutable' USING ERRCODE = 'check_violation';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "seller_ledger_immutable" BEFORE UPDATE OR DELETE ON "seller_ledger"
  FOR EACH ROW EXECUTE FUNCTION seller_ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER "seller_ledger_no_truncate" BEFORE TRUNCATE ON "seller_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION seller_ledger_immutable();
--> statement-breakpoint
-- Public "Top vendedores" / "Top compradores" on the raffle page: opt-in per raffle.
ALTER TABLE "raffles" ADD COLUMN "show_leaderboards" boolean NOT NULL DEFAULT false;
