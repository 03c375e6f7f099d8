-- A sale on a sealed pre-sorteo list stays on it until that pre-sorteo is drawn. The winner is the
-- sealed sale that still holds the number (prize-draw.service.ts, `record`), so an owner who read the
-- lottery's result before typing it could release, cancel or hand to another cédula the winning sale,
-- and the prize went to nobody (a review of the draw, 2026-12-01). Like the frozen sold list at close
-- (migration 0012), the database refuses it, whatever route asks.
--
-- On the list: the sale's status at the pre-sorteo's date, by its history (written in the same
-- transaction as every status change), was `pagado` — the list's own rule (published-list.repo.ts).
-- Money may still move (a refund leaves it live, on the list and eligible); what takes it off the list
-- is refused: ending it, cancelling it, or changing its number, cédula or verification code.
CREATE OR REPLACE FUNCTION pre_draw_keeps(sale_id uuid, sale_raffle uuid) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (SELECT 1 FROM pre_draw_lists l WHERE l.raffle_id = sale_raffle)
    AND EXISTS (
      SELECT 1 FROM raffles r CROSS JOIN LATERAL jsonb_array_elements(r.prizes) p
      WHERE r.id = sale_raffle AND jsonb_typeof(p->'pre_list') = 'object' AND p->>'drawn_at' IS NULL
        AND (SELECT e.to_status FROM ticket_events e
             WHERE e.ticket_id = sale_id AND e.created_at <= (p->>'pre_draw_at')::timestamptz
             ORDER BY e.created_at DESC, e.id DESC LIMIT 1) = 'pagado')
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pre_draw_list_kept() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF pre_draw_keeps(OLD.id, OLD.raffle_id) THEN
    RAISE EXCEPTION 'PRE_DRAW_SEALED: number % of raffle % is on a sealed pre-sorteo list not drawn yet',
      OLD.number, OLD.raffle_id USING ERRCODE = 'RF410';
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tickets_pre_draw_list_kept" ON "tickets";
--> statement-breakpoint
-- The WHEN keeps every other update (payments, edits of contact details) free of plpgsql.
CREATE TRIGGER "tickets_pre_draw_list_kept" BEFORE UPDATE ON "tickets"
  FOR EACH ROW
  WHEN (OLD.ended_at IS NULL AND (
    NEW.ended_at IS NOT NULL
    OR (NEW.status IN ('disponible', 'cancelado') AND OLD.status NOT IN ('disponible', 'cancelado'))
    OR NEW.number <> OLD.number OR NEW.raffle_id <> OLD.raffle_id
    OR NEW.buyer_cedula IS DISTINCT FROM OLD.buyer_cedula
    OR NEW.verification_code <> OLD.verification_code))
  EXECUTE FUNCTION pre_draw_list_kept();
