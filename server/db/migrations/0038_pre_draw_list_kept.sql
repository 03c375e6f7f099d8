-- A sale on a sealed pre-sorteo list stays as sealed until that pre-sorteo is drawn. The winner is
-- the sealed sale that still holds the number (prize-draw.service.ts, `record`), so an owner who
-- read the lottery's result before typing it could release, refund or hand to another cédula the
-- winning sale, and the prize went to nobody (a review of the draw, 2026-12-01). Like the frozen sold
-- list at close (migration 0012), the database refuses it, whatever route asks: a live `pagado`
-- sale that was already paid at the date of a pre-sorteo sealed and not drawn yet (no move into
-- `pagado` in its history after that date: the list's own rule, published-list.repo.ts) cannot end,
-- leave `pagado` or change number, cédula or verification code. Payments and contact details go on.
-- The WHEN keeps every other update (reservations, payments, the sweep) free of plpgsql.
CREATE OR REPLACE FUNCTION pre_draw_list_kept() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (
    SELECT 1 FROM raffles r CROSS JOIN LATERAL jsonb_array_elements(r.prizes) p
    WHERE r.id = OLD.raffle_id
      AND jsonb_typeof(p->'pre_list') = 'object' AND p->>'drawn_at' IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM ticket_events e
        WHERE e.ticket_id = OLD.id AND e.to_status = 'pagado' AND e.from_status IS DISTINCT FROM 'pagado'
          AND e.created_at > (p->>'pre_draw_at')::timestamptz)
  ) THEN
    RAISE EXCEPTION 'PRE_DRAW_SEALED: number % of raffle % is on a sealed pre-sorteo list not drawn yet',
      OLD.number, OLD.raffle_id USING ERRCODE = 'RF410';
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tickets_pre_draw_list_kept" ON "tickets";
--> statement-breakpoint
CREATE TRIGGER "tickets_pre_draw_list_kept" BEFORE UPDATE ON "tickets"
  FOR EACH ROW
  WHEN (OLD.status = 'pagado' AND OLD.ended_at IS NULL AND (
    NEW.ended_at IS NOT NULL OR NEW.status <> 'pagado' OR NEW.number <> OLD.number
    OR NEW.raffle_id <> OLD.raffle_id OR NEW.buyer_cedula IS DISTINCT FROM OLD.buyer_cedula
    OR NEW.verification_code <> OLD.verification_code))
  EXECUTE FUNCTION pre_draw_list_kept();
