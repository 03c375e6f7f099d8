-- A pre-sorteo's list is sealed like a close's (issue 23): its Merkle root is stamped by the RFC 3161
-- authority (decision 023) in the background, 'pendiente' until the authority answers, then
-- 'sellado' with the verified token. Null when no authority is configured.
ALTER TABLE pre_draw_lists ADD COLUMN commitment text;
--> statement-breakpoint
ALTER TABLE pre_draw_lists ADD COLUMN seal_status text;
--> statement-breakpoint
ALTER TABLE pre_draw_lists ADD CONSTRAINT pre_draw_lists_seal_status_check CHECK (seal_status IN ('pendiente','sellado'));
--> statement-breakpoint
ALTER TABLE pre_draw_lists ADD COLUMN seal_token text;
--> statement-breakpoint
ALTER TABLE pre_draw_lists ADD COLUMN seal_authority text;
--> statement-breakpoint
ALTER TABLE pre_draw_lists ADD COLUMN seal_time timestamptz;
--> statement-breakpoint
ALTER TABLE pre_draw_lists ADD COLUMN seal_error text;
--> statement-breakpoint
ALTER TABLE pre_draw_lists ADD COLUMN seal_attempts integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The seal job looks for the few lists still waiting.
CREATE INDEX pre_draw_lists_seal_pending_idx ON pre_draw_lists (created_at) WHERE seal_status = 'pendiente';
