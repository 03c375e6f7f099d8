-- The single price an order was sold at (decision 040, "a kept number costs the price it was
-- reserved at"): when part of a package order ends, what it keeps is priced again with the raffle's
-- single price (package-reprice.ts); the raffle's price is no sale term, so an organizer who raised
-- it after the sale made a buyer owe the new price for a number reserved at the old one. Written on
-- insert from the raffle, in the statement that makes the order (reserve_sales, or a sale by hand);
-- reserve_sales then sells only at the terms that price was part of. Orders made before keep NULL:
-- their kept numbers are priced with the raffle's price as before.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "unit_cents" integer;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_unit_cents() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.unit_cents IS NULL THEN
    SELECT price_cents INTO NEW.unit_cents FROM raffles WHERE id = NEW.raffle_id;
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_unit_cents" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_unit_cents" BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_unit_cents();
