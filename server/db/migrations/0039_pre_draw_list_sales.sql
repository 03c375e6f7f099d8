-- A pre-sorteo's list records the sales it holds (a review of migration 0038, 2026-12-01). The
-- seal chose the sales "fully paid now, with no move into `pagado` after the date" and the guard of
-- 0038 "whose last history entry at the date is `pagado`": two readings of one rule, which disagree
-- for a sale with no history (migration 0032 marked free numbers paid in SQL) — on the list, yet
-- free to be released, so the prize could go to nobody. Now the seal writes the ids it lists here,
-- in the transaction that builds the list (their rows locked meanwhile, so the list is exactly these
-- sales), and the guard reads this table: one answer to "is this sale on the list".
CREATE TABLE pre_draw_list_sales (
  sale_id uuid NOT NULL,
  raffle_id uuid NOT NULL REFERENCES raffles(id) ON DELETE CASCADE,
  position integer NOT NULL,
  CONSTRAINT pre_draw_list_sales_pkey PRIMARY KEY (sale_id, position)
);
--> statement-breakpoint
-- Lists sealed before this migration: their live sales whose line is in the stored text (the
-- number is unique among a raffle's live sales; a sale the server hashed itself has no kept hash).
INSERT INTO pre_draw_list_sales (sale_id, raffle_id, position)
SELECT t.id, l.raffle_id, l.position
FROM pre_draw_lists l
CROSS JOIN LATERAL unnest(string_to_array(l.sold_list, E'\n')) AS line
JOIN tickets t ON t.raffle_id = l.raffle_id AND t.ended_at IS NULL
  AND t.ticket_number = split_part(line, ':', 1)
  AND (t.list_line_hash IS NULL OR encode(t.list_line_hash, 'hex') = split_part(line, ':', 2))
WHERE line <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- On a sealed list whose pre-sorteo is not drawn yet: the raffle's row holds the prize (position 2
-- is prizes[0]) and its `drawn_at`.
CREATE OR REPLACE FUNCTION pre_draw_keeps(sale_id uuid, sale_raffle uuid) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (
    SELECT 1 FROM pre_draw_list_sales s JOIN raffles r ON r.id = s.raffle_id
    WHERE s.sale_id = pre_draw_keeps.sale_id AND s.raffle_id = sale_raffle
      AND jsonb_typeof(r.prizes -> (s.position - 2)) = 'object'
      AND (r.prizes -> (s.position - 2)) ->> 'drawn_at' IS NULL)
$fn$;
