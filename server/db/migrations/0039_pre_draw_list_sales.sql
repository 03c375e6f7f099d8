-- A pre-sorteo's list records the sales it holds (a review of migration 0038, 2026-12-01). The
-- seal chose the sales "fully paid now, with no move into `pagado` after the date" and the guard of
-- 0038 "whose last history entry at the date is `pagado`": two readings of one rule, which disagree
-- for a sale with no history (migration 0032 marked free numbers paid in SQL) — on the list, yet
-- free to be released, so the prize could go to nobody. Now the seal writes the sales it lists here,
-- in the transaction that builds the list (their rows locked meanwhile, so the list is exactly these
-- sales), and the guard reads this table: one answer to "is this sale on the list".
--
-- One index, in the order the seal writes it (a raffle's numbers ascending): the list's pages read
-- it by number and the guard finds a sale by its raffle and number. No foreign keys: a raffle with
-- sales is never deleted (409 RAFFLE_HAS_SALES) and a sale is ended, not deleted; checked row by row
-- they doubled a 100,000-sale seal.
CREATE TABLE pre_draw_list_sales (
  raffle_id uuid NOT NULL,
  number integer NOT NULL,
  position integer NOT NULL,
  sale_id uuid NOT NULL,
  CONSTRAINT pre_draw_list_sales_pkey PRIMARY KEY (raffle_id, number, position)
);
--> statement-breakpoint
-- Lists sealed before this migration: their live sales whose line is in the stored text (the
-- number is unique among a raffle's live sales; a sale the server hashed itself has no kept hash).
INSERT INTO pre_draw_list_sales (raffle_id, number, position, sale_id)
SELECT l.raffle_id, t.number, l.position, t.id
FROM pre_draw_lists l
CROSS JOIN LATERAL unnest(string_to_array(l.sold_list, E'\n')) AS line
JOIN tickets t ON t.raffle_id = l.raffle_id AND t.ended_at IS NULL
  AND t.ticket_number = split_part(line, ':', 1)
  AND (t.list_line_hash IS NULL OR encode(t.list_line_hash, 'hex') = split_part(line, ':', 2))
  -- A sale without a kept hash is matched by number only: it must have existed at the seal, or a
  -- number released and sold again since would be kept for a buyer who is not on the list.
  AND coalesce(t.purchased_at, '-infinity') <= l.created_at
WHERE line <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- On a sealed list whose pre-sorteo is not drawn yet: the raffle's row holds the prize (position 2
-- is prizes[0]) and its `drawn_at`.
CREATE FUNCTION pre_draw_keeps(sale_id uuid, sale_raffle uuid, sale_number integer) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (
    SELECT 1 FROM pre_draw_list_sales s JOIN raffles r ON r.id = s.raffle_id
    WHERE s.raffle_id = sale_raffle AND s.number = sale_number AND s.sale_id = pre_draw_keeps.sale_id
      AND jsonb_typeof(r.prizes -> (s.position - 2)) = 'object'
      AND (r.prizes -> (s.position - 2)) ->> 'drawn_at' IS NULL)
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pre_draw_list_kept() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF pre_draw_keeps(OLD.id, OLD.raffle_id, OLD.number) THEN
    RAISE EXCEPTION 'PRE_DRAW_SEALED: number % of raffle % is on a sealed pre-sorteo list not drawn yet',
      OLD.number, OLD.raffle_id USING ERRCODE = 'RF410';
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
-- The two-argument form, for instances still on the previous release during a rolling deploy (their
-- expiry sweep and bulk release call it): the same answer, the number read from the sale.
CREATE OR REPLACE FUNCTION pre_draw_keeps(sale_id uuid, sale_raffle uuid) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  SELECT pre_draw_keeps(sale_id, sale_raffle, (SELECT t.number FROM tickets t WHERE t.id = sale_id))
$fn$;
--> statement-breakpoint
-- A list sealed without its record would be a list the guard does not keep: an instance still on the
-- previous release (which seals without recording) has its seal refused and rolled back, and an
-- upgraded one seals it on its next pass. An empty list records nothing.
CREATE FUNCTION pre_draw_list_recorded() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.sold_list <> '' AND NOT EXISTS (
    SELECT 1 FROM pre_draw_list_sales s WHERE s.raffle_id = NEW.raffle_id AND s.position = NEW.position
  ) THEN
    RAISE EXCEPTION 'pre-sorteo list % of raffle % sealed without recording its sales', NEW.position, NEW.raffle_id;
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "pre_draw_lists_recorded" AFTER INSERT ON "pre_draw_lists"
  FOR EACH ROW EXECUTE FUNCTION pre_draw_list_recorded();
