ALTER TABLE "raffles" ADD COLUMN "organizer_name" text;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "payment_instructions" text;