-- Between a pre-sorteo's date and its seal (the job runs every RAFFLE_CLOSE_SWEEP_SECONDS, and not
-- while the server is down) nothing kept a sale fully paid at the date on the list: staff could
-- release it, cancel it, refund it or hand it to another cédula, and the seal then left it out. A
-- seal late past the lottery's result let an owner who read the result leave the prize to nobody.
-- Now, while a raffle has a pre-sorteo whose date passed and whose list is not sealed yet (exactly
-- the raffles the seal job picks: prizesRepo.dueForPreDraw), a live sale paid in full cannot change
-- its status, what it owes, its number, raffle, cédula or code. The window lasts until the next pass
-- of the job; a sale paid after the date is held too for that short while (the seal then leaves it
-- out, as before), which costs staff a retry and keeps the rule one simple condition.
CREATE FUNCTION pre_draw_sealing(raffle uuid) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (
    SELECT 1 FROM raffles r, jsonb_array_elements(r.prizes) p
    WHERE r.id = raffle AND r.status <> 'borrador' AND NOT r.is_sandbox
      AND jsonb_typeof(p -> 'pre_draw_at') = 'string' AND (p ->> 'pre_draw_at')::timestamptz <= now()
      AND jsonb_typeof(p -> 'pre_list') IS DISTINCT FROM 'object')
$fn$;
--> statement-breakpoint
CREATE FUNCTION pre_draw_list_sealing() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF pre_draw_sealing(OLD.raffle_id) THEN
    RAISE EXCEPTION 'PRE_DRAW_SEALING: number % of raffle % was paid when a pre-sorteo list not sealed yet closed',
      OLD.number, OLD.raffle_id USING ERRCODE = 'RF411';
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
-- After the money trigger (names fire in order), so what a refund leaves owed is seen.
CREATE TRIGGER tickets_pre_draw_sealing BEFORE UPDATE ON tickets FOR EACH ROW
  WHEN (OLD.ended_at IS NULL AND OLD.status = 'pagado' AND OLD.remaining_cents = 0 AND (
    NEW.ended_at IS NOT NULL OR NEW.status <> OLD.status OR NEW.remaining_cents <> 0
    OR NEW.number <> OLD.number OR NEW.raffle_id <> OLD.raffle_id
    OR NEW.buyer_cedula IS DISTINCT FROM OLD.buyer_cedula OR NEW.verification_code <> OLD.verification_code))
  EXECUTE FUNCTION pre_draw_list_sealing();
