-- An instant win's hand-over (decision 081). Until now nothing recorded that a prize was handed
-- over, and the award followed the number: a buyer paid, took the prize home, and staff could
-- refund or release the sale and sell the number again to someone who won the same prize again.
-- Staff who may edit the raffle now mark an awarded instant win delivered; from then on the award
-- stays with the sale that won it, whatever happens to that sale, and no other sale wins it.
ALTER TABLE instant_wins ADD COLUMN delivered_at timestamptz;
--> statement-breakpoint
-- Who marked it (the profile may be removed later; the date stays).
ALTER TABLE instant_wins ADD COLUMN delivered_by uuid REFERENCES profiles(id) ON DELETE SET NULL;
--> statement-breakpoint
-- Only a won prize is handed over.
ALTER TABLE instant_wins ADD CONSTRAINT instant_wins_delivery_check
  CHECK (delivered_at IS NULL OR awarded_at IS NOT NULL);
--> statement-breakpoint
-- As in 0023, except that a sale which stops being a live paid sale keeps a prize already handed
-- over. The award branch already skips a number whose prize another sale holds (`ticket_id IS NULL`),
-- so a delivered prize is never won twice.
CREATE OR REPLACE FUNCTION instant_win_award() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.status = 'pagado' AND NEW.ended_at IS NULL THEN
    UPDATE instant_wins SET ticket_id = NEW.id, awarded_at = now()
      WHERE raffle_id = NEW.raffle_id AND number = NEW.number AND ticket_id IS NULL;
  ELSE
    UPDATE instant_wins SET ticket_id = NULL, awarded_at = NULL
      WHERE ticket_id = NEW.id AND delivered_at IS NULL;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A hand-over is a fact: once recorded, no path (a future one, a mistaken query, an insider's
-- "correction") moves the prize, clears the award or takes the mark back. Only who marked it may
-- become null, when that profile is removed.
CREATE FUNCTION instant_win_delivery_kept() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.raffle_id IS DISTINCT FROM OLD.raffle_id OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.prize IS DISTINCT FROM OLD.prize OR NEW.ticket_id IS DISTINCT FROM OLD.ticket_id
     OR NEW.awarded_at IS DISTINCT FROM OLD.awarded_at OR NEW.delivered_at IS DISTINCT FROM OLD.delivered_at
     OR (NEW.delivered_by IS DISTINCT FROM OLD.delivered_by AND NEW.delivered_by IS NOT NULL) THEN
    RAISE EXCEPTION 'INSTANT_WIN_DELIVERED: the prize of number % of raffle % was handed over', OLD.number,
      OLD.raffle_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER instant_wins_delivery_kept BEFORE UPDATE ON instant_wins
  FOR EACH ROW WHEN (OLD.delivered_at IS NOT NULL)
  EXECUTE FUNCTION instant_win_delivery_kept();
