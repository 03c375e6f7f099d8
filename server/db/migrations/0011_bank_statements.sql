-- Bank-statement reconciliation (issue 18, docs/decisions/020). An admin uploads the bank's
-- statement; each credit row is kept (once: `checksum` is unique, so a statement uploaded twice adds
-- nothing), matched to the pending payments buyers reported, and the matches an admin approves
-- record which row confirmed which payment.

-- How a bank's export names its columns, remembered by its normalised header row (and bank).
CREATE TABLE "bank_statement_layouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signature" text NOT NULL,
	"bank_code" text,
	"mapping" jsonb NOT NULL,
	"created_by" uuid REFERENCES "profiles"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_layouts_key" ON "bank_statement_layouts" USING btree ("signature", coalesce("bank_code", ''));
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_sha256" text NOT NULL,
	"bank_code" text,
	"layout_signature" text NOT NULL,
	"uploaded_by" uuid REFERENCES "profiles"("id") ON DELETE set null,
	-- What the upload read but did not keep: rows already imported, debits, rows it could not read.
	"skipped_already_imported" integer DEFAULT 0 NOT NULL,
	"debits_ignored" integer DEFAULT 0 NOT NULL,
	"unreadable_lines" integer[] DEFAULT '{}' NOT NULL,
	-- Set while an "approve the matches" runs, so a second one waits its turn (409).
	"approving_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_file_type_check" CHECK ("file_type" in ('csv','xlsx'))
);
--> statement-breakpoint
CREATE INDEX "bank_statements_created_idx" ON "bank_statements" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "bank_statement_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL REFERENCES "bank_statements"("id") ON DELETE cascade,
	"line" integer NOT NULL,
	"checksum" text NOT NULL,
	"posted_on" date NOT NULL,
	"reference" text NOT NULL,
	"reference_key" text,
	"description" text DEFAULT '' NOT NULL,
	"amount_ves_cents" bigint NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_rows_amount_check" CHECK ("amount_ves_cents" > 0),
	CONSTRAINT "bank_statement_rows_state_check" CHECK ("state" in ('matched','amount_mismatch','unreported','already_reconciled','duplicate'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_rows_checksum_key" ON "bank_statement_rows" USING btree ("checksum");
--> statement-breakpoint
CREATE INDEX "bank_statement_rows_statement_idx" ON "bank_statement_rows" USING btree ("statement_id", "line");
--> statement-breakpoint
CREATE INDEX "bank_statement_rows_reference_key_idx" ON "bank_statement_rows" USING btree ("reference_key");
--> statement-breakpoint
-- "Does any credit end with these reported digits?" (bankConfirmedReferences): a prefix search on the
-- reversed key.
CREATE INDEX "bank_statement_rows_reference_suffix_idx" ON "bank_statement_rows" USING btree (reverse("reference_key") text_pattern_ops);
--> statement-breakpoint
-- The payments a row matched when it was read; `confirmed_at` once an approval from this
-- statement succeeded: that row is the bank's confirmation of that payment (one row per payment).
CREATE TABLE "bank_statement_matches" (
	"row_id" uuid NOT NULL REFERENCES "bank_statement_rows"("id") ON DELETE cascade,
	"payment_id" uuid NOT NULL REFERENCES "payments"("id") ON DELETE cascade,
	"expected_ves_cents" bigint,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid REFERENCES "profiles"("id") ON DELETE set null,
	CONSTRAINT "bank_statement_matches_pkey" PRIMARY KEY ("row_id", "payment_id")
);
--> statement-breakpoint
CREATE INDEX "bank_statement_matches_payment_idx" ON "bank_statement_matches" USING btree ("payment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_matches_confirmed_key" ON "bank_statement_matches" USING btree ("payment_id") WHERE "confirmed_at" IS NOT NULL;
