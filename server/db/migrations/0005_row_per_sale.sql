ALTER TABLE "tickets" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
-- A row per sale: an available number with no history and no payment needs no row at all.
DELETE FROM "tickets" t WHERE t."status" = 'disponible'
  AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."ticket_id" = t."id")
  AND NOT EXISTS (SELECT 1 FROM "ticket_events" e WHERE e."ticket_id" = t."id");--> statement-breakpoint
-- An available number with history or payments keeps its row as an ended sale.
UPDATE "tickets" SET "ended_at" = "updated_at" WHERE "status" = 'disponible';--> statement-breakpoint
DROP INDEX "tickets_raffle_number_key";--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_live_number_key" ON "tickets" USING btree ("raffle_id","number") WHERE "tickets"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_live_status_check" CHECK (("tickets"."ended_at" is null) = ("tickets"."status" <> 'disponible'));--> statement-breakpoint
ANALYZE "tickets";
