-- Several prizes and pre-sorteos (issue 23, decision 042). The raffle's own prize and declared
-- source stay the 1.er premio; `prizes` holds the additional ones (2.º, 3.º, … up to 10 in all) in
-- order, each with its declared source, its text and, once drawn, what its source gave. The
-- raffle row is the lock for all of them (edits, draws and the pre-sorteo job take it FOR UPDATE).
-- A pre-sorteo's sealed list (the numbers fully paid at its date) is kept apart: megabytes for a
-- big raffle that no page needs with the row.
ALTER TABLE raffles ADD COLUMN prizes jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE raffles ADD CONSTRAINT raffles_prizes_check CHECK (jsonb_typeof(prizes) = 'array' AND jsonb_array_length(prizes) <= 9);
--> statement-breakpoint
ALTER TABLE raffles ADD COLUMN prize_repeat_rule text NOT NULL DEFAULT 'siguiente_resultado';
--> statement-breakpoint
ALTER TABLE raffles ADD CONSTRAINT raffles_prize_repeat_rule_check CHECK (prize_repeat_rule IN ('siguiente_resultado','sin_ganador'));
--> statement-breakpoint
CREATE TABLE pre_draw_lists (
  raffle_id uuid NOT NULL REFERENCES raffles(id) ON DELETE CASCADE,
  position integer NOT NULL,
  sold_list text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pre_draw_lists_pkey PRIMARY KEY (raffle_id, position)
);
--> statement-breakpoint
-- The pre-sorteo job looks for active raffles with a pre-sorteo: few, found by this index.
CREATE INDEX raffles_with_prizes_idx ON raffles (id) WHERE jsonb_array_length(prizes) > 0;
