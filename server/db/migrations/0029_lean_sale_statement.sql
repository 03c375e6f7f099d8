-- A reservation's own cost in the database (issue 20, target 7; decision 052). Measured with perf on
-- reserve_sales called as the app calls it, three overheads the rules do not need:
-- 1. The sale and order codes were SQL functions with an aggregate: not inlinable, so the SQL-function
--    executor set them up on every call (12 µs a verification code, 5.5 µs an order code). The same
--    alphabet and the same random bytes (a v4 UUID's, version and variant bytes skipped; random() for
--    order codes as before), now as one plpgsql expression: 3.1 µs and 1.8 µs.
CREATE OR REPLACE FUNCTION new_verification_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  alphabet constant text := '346789ABCDEFGHJKMNPQRTUVWXY';
  b constant bytea := uuid_send(gen_random_uuid());
BEGIN
  RETURN substr(alphabet, 1 + get_byte(b, 0) % 27, 1) || substr(alphabet, 1 + get_byte(b, 1) % 27, 1)
      || substr(alphabet, 1 + get_byte(b, 2) % 27, 1) || substr(alphabet, 1 + get_byte(b, 3) % 27, 1)
      || substr(alphabet, 1 + get_byte(b, 4) % 27, 1) || substr(alphabet, 1 + get_byte(b, 5) % 27, 1)
      || substr(alphabet, 1 + get_byte(b, 9) % 27, 1) || substr(alphabet, 1 + get_byte(b, 10) % 27, 1)
      || substr(alphabet, 1 + get_byte(b, 11) % 27, 1) || substr(alphabet, 1 + get_byte(b, 12) % 27, 1);
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION new_order_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  alphabet constant text := '346789ABCDEFGHJKMNPQRTUVWXY';
BEGIN
  RETURN substr(alphabet, 1 + floor(random() * 27)::int, 1) || substr(alphabet, 1 + floor(random() * 27)::int, 1)
      || substr(alphabet, 1 + floor(random() * 27)::int, 1) || substr(alphabet, 1 + floor(random() * 27)::int, 1)
      || substr(alphabet, 1 + floor(random() * 27)::int, 1) || substr(alphabet, 1 + floor(random() * 27)::int, 1)
      || substr(alphabet, 1 + floor(random() * 27)::int, 1) || substr(alphabet, 1 + floor(random() * 27)::int, 1);
END
$fn$;
--> statement-breakpoint
-- 2. The money rule (migration 0010) ran its plpgsql trigger on every new sale only to write what a
--    new sale already carries: nothing paid, the whole price pending. On insert it now fires only
--    when a row says otherwise (the WHEN is checked without calling plpgsql); every update still
--    recomputes from the ledger, as before, under the trigger's old name.
DROP TRIGGER "tickets_money_from_ledger" ON "tickets";
--> statement-breakpoint
CREATE TRIGGER "tickets_money_from_ledger_on_insert" BEFORE INSERT ON "tickets" FOR EACH ROW
  WHEN (NEW.total_paid_cents IS DISTINCT FROM 0 OR NEW.remaining_cents IS DISTINCT FROM NEW.price_cents)
  EXECUTE FUNCTION tickets_money_from_ledger();
--> statement-breakpoint
CREATE TRIGGER "tickets_money_from_ledger" BEFORE UPDATE ON "tickets" FOR EACH ROW
  EXECUTE FUNCTION tickets_money_from_ledger();
--> statement-breakpoint
-- 3. Each call planned the function's statements again (a custom plan per call): 14-17% of a lone
--    reservation's time in perf. Its arguments are arrays, whose contents a custom plan cannot use for its
--    estimates either (generate_subscripts is always guessed at 1,000 rows): generic plans, kept.
ALTER FUNCTION reserve_sales(uuid[], boolean[], integer[], text[], text[], text[], text[], text[], text[],
  text[], text[], uuid[], text[], text[]) SET plan_cache_mode = force_generic_plan;
