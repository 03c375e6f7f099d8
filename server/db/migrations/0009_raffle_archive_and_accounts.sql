-- Issue 18. A raffle's payment accounts as data (pago móvil, transferencia, Zelle, Binance,
-- efectivo; the shape is domain/payment-accounts.ts), beside the free-text instructions; and
-- archiving: a raffle with sales or payments is never deleted, an admin archives it instead
-- (hidden from the public and the default staff list, everything it has kept).
ALTER TABLE "raffles" ADD COLUMN "payment_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_payment_accounts_check" CHECK (jsonb_typeof("raffles"."payment_accounts") = 'array');
