-- Issue 19: a draw nobody can bend (decision 022).
-- The sold list freezes at the closing date in the database itself; each sale carries a secret
-- verification code bound into its committed line; closing records when, how many lines and under
-- which commitment; the draw source is declared before the first sale; the seal (RFC 3161) and the
-- beacon round (drand) are stored whole so anyone can recompute them.

-- 10 characters of the order-code alphabet from the random bytes of a v4 UUID (~47 bits): the code
-- salts the buyer's cedula in the public list, so it must not be guessable (random() is not).
CREATE FUNCTION new_verification_code() RETURNS text LANGUAGE sql VOLATILE AS $fn$
  SELECT string_agg(substr('346789ABCDEFGHJKMNPQRTUVWXY', 1 + get_byte(b, i) % 27, 1), '' ORDER BY k)
  FROM (SELECT decode(replace(gen_random_uuid()::text, '-', ''), 'hex') AS b) AS u,
       unnest(ARRAY[0, 1, 2, 3, 4, 5, 9, 10, 11, 12]) WITH ORDINALITY AS s(i, k)
$fn$;
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "verification_code" text;
--> statement-breakpoint
UPDATE "tickets" SET "verification_code" = new_verification_code();
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "verification_code" SET DEFAULT new_verification_code();
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "verification_code" SET NOT NULL;
--> statement-breakpoint

ALTER TABLE "raffles" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
-- 1: flat SHA-256 of the list (raffles closed before issue 19); 2: RFC 6962 Merkle root.
ALTER TABLE "raffles" ADD COLUMN "commitment_version" smallint;
--> statement-breakpoint
UPDATE "raffles" SET "commitment_version" = 1 WHERE "draw_commitment" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "line_count" integer;
--> statement-breakpoint
UPDATE "raffles" SET "line_count" = CASE WHEN coalesce("draw_sold_list", '') = '' THEN 0
  ELSE array_length(string_to_array("draw_sold_list", E'\n'), 1) END
  WHERE "draw_commitment" IS NOT NULL;
--> statement-breakpoint
-- [{from, to, at}]: every extension of the closing date, shown to buyers.
ALTER TABLE "raffles" ADD COLUMN "closing_extensions" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- [{at, text}]: dated notes an organizer appends to a frozen prize text.
ALTER TABLE "raffles" ADD COLUMN "clarifications" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- The declared draw source: null for raffles made before issue 19 (free text in draw_source).
ALTER TABLE "raffles" ADD COLUMN "draw_kind" text;
--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_draw_kind_check" CHECK ("draw_kind" IN ('loteria', 'drand'));
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "draw_lottery" text;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "draw_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "draw_rule" text;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "draw_result" text;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "beacon_round" bigint;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "beacon_randomness" text;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "beacon_signature" text;
--> statement-breakpoint
-- RFC 3161 seal of the root: the DER TimeStampResp (base64), who and when; 'pendiente' until it is had.
ALTER TABLE "raffles" ADD COLUMN "seal_status" text;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "seal_authority" text;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "seal_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "seal_token" text;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "seal_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "seal_error" text;
--> statement-breakpoint
-- The audit chain's head when the raffle closed (public).
ALTER TABLE "raffles" ADD COLUMN "audit_head" text;
--> statement-breakpoint
CREATE INDEX "raffles_due_close_idx" ON "raffles" ("closing_date") WHERE "status" = 'activa';
--> statement-breakpoint

-- The sold list is frozen from the closing date on, in the statement that would change it: a sale,
-- a release, a cancellation, a number or cedula change. Payments and contact details go on.
CREATE FUNCTION sold_list_frozen() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  rid uuid;
  r record;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.number = OLD.number AND NEW.raffle_id = OLD.raffle_id
     AND NEW.ended_at IS NOT DISTINCT FROM OLD.ended_at
     AND NEW.buyer_cedula IS NOT DISTINCT FROM OLD.buyer_cedula
     AND NEW.verification_code = OLD.verification_code
     AND (NEW.status IN ('disponible', 'cancelado')) = (OLD.status IN ('disponible', 'cancelado')) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN rid := OLD.raffle_id; ELSE rid := NEW.raffle_id; END IF;
  SELECT status, closing_date, is_sandbox INTO r FROM raffles WHERE id = rid;
  IF FOUND AND (r.status IN ('cerrada', 'finalizada') OR r.closing_date <= now()) THEN
    IF TG_OP = 'DELETE' AND r.is_sandbox THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'RAFFLE_CLOSED: the sold list of raffle % is frozen', rid USING ERRCODE = 'RF409';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "tickets_sold_list_frozen" BEFORE INSERT OR UPDATE OR DELETE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION sold_list_frozen();
