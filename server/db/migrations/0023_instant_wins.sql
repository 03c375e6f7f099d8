-- Instant-win numbers (issue 23, decision 041): up to 20 numbers chosen with a small prize before
-- the first sale. The raffle row carries only the public commitment (SHA-256 over the sorted list
-- and a secret salt, docs/verification.md); the list and the salt live in their own tables, which
-- no public read selects, and are shown by the draw answer once the raffle closed.
ALTER TABLE raffles ADD COLUMN instant_win_commitment text;
--> statement-breakpoint
CREATE TABLE instant_win_salts (
  raffle_id uuid PRIMARY KEY REFERENCES raffles(id) ON DELETE CASCADE,
  salt text NOT NULL CHECK (salt ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE instant_wins (
  raffle_id uuid NOT NULL REFERENCES raffles(id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number >= 0),
  prize text NOT NULL,
  -- The sale that won it: set when that sale became fully paid, cleared if it stops being so.
  ticket_id uuid REFERENCES tickets(id) ON DELETE SET NULL,
  awarded_at timestamptz,
  PRIMARY KEY (raffle_id, number),
  CONSTRAINT instant_wins_award_check CHECK ((ticket_id IS NULL) = (awarded_at IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX instant_wins_ticket_key ON instant_wins (ticket_id) WHERE ticket_id IS NOT NULL;
--> statement-breakpoint
-- One place for the award, in the transaction that changes the sale, whichever path made it fully
-- paid (a reviewed payment, money received by hand, a bank statement, a staff status change): a
-- live sale that becomes 'pagado' wins its number's prize; one that stops being a live paid sale
-- (a refund, a cancellation, a release) loses it, and the number's next fully paid sale may win it.
-- Reservations insert sales and never fire it: a reservation cannot tell an instant-win number.
CREATE FUNCTION instant_win_award() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.status = 'pagado' AND NEW.ended_at IS NULL THEN
    UPDATE instant_wins SET ticket_id = NEW.id, awarded_at = now()
      WHERE raffle_id = NEW.raffle_id AND number = NEW.number AND ticket_id IS NULL;
  ELSE
    UPDATE instant_wins SET ticket_id = NULL, awarded_at = NULL WHERE ticket_id = NEW.id;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER tickets_instant_win AFTER UPDATE OF status, ended_at ON tickets
  FOR EACH ROW
  WHEN ((OLD.status = 'pagado' AND OLD.ended_at IS NULL) IS DISTINCT FROM (NEW.status = 'pagado' AND NEW.ended_at IS NULL))
  EXECUTE FUNCTION instant_win_award();
