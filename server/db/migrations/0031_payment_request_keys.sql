-- A buyer's payment report can be sent again safely (decision 057). Cash, Zelle or Binance carry no
-- reference to recognize a resend by: each report now carries a key its browser chose, and the same
-- key from the same buyer for the same sales answers that payment again. Unique, so two sendings of
-- one report at the same moment save one payment.
ALTER TABLE payments ADD COLUMN request_id uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX payments_request_id_key ON payments (request_id) WHERE request_id IS NOT NULL;
