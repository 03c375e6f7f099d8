-- A commission payout can be sent again safely: the admin's dialog chooses a key once, and the same
-- key answers the payout it already recorded (a double tap, a retry after a lost answer) instead of
-- paying the seller twice. Unique, so two sendings at the same moment record one payout. The ledger
-- stays append-only: a new column, no row changed.
ALTER TABLE seller_ledger ADD COLUMN request_id uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX seller_ledger_payout_request_key ON seller_ledger (request_id) WHERE request_id IS NOT NULL;
