ALTER TABLE "payments" ADD COLUMN "payer_cedula" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
-- Existing payments were sent by the ticket's buyer of the time; the best record left is the current one.
UPDATE "payments" p SET "payer_cedula" = t."buyer_cedula" FROM "tickets" t WHERE t."id" = p."ticket_id";
