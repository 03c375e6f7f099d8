-- Issue 19: the tamper-evident audit log (decision 025, docs/verification-audit.md).
-- Every staff action is one row of a hash chain: `hash` = SHA-256(prev_hash || "\n" || canonical
-- JSON of the row's content), so changing, removing or reordering any entry breaks every hash
-- after it. The app appends one at a time under an advisory lock; the database itself refuses to
-- change or remove an entry, and a unique prev_hash means the chain can never fork.
-- No foreign keys on purpose: an ON DELETE action on a user or a (sandbox) raffle would have to
-- change the entry, and an entry must outlive what it names.
CREATE TABLE "audit_log" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"actor_role" text,
	"action" text NOT NULL,
	"raffle_id" uuid,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_log_prev_hash_check" CHECK ("prev_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "audit_log_hash_check" CHECK ("hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
-- One successor per entry: two appends that read the same head cannot both land.
CREATE UNIQUE INDEX "audit_log_prev_hash_key" ON "audit_log" USING btree ("prev_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_hash_key" ON "audit_log" USING btree ("hash");
--> statement-breakpoint
CREATE INDEX "audit_log_raffle_idx" ON "audit_log" USING btree ("raffle_id", "seq");
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");
--> statement-breakpoint
-- Append-only: UPDATE, DELETE and TRUNCATE are refused for everyone, the app's own role included.
CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'AUDIT_IMMUTABLE: audit_log entries cannot be changed or removed (%)', TG_OP
    USING ERRCODE = 'RF423';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_immutable" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();
