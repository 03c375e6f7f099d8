-- A number priced 0 whose status staff chose by hand keeps it (decision 061, "Staff's choice on a
-- number priced 0 stays"): the order's rule (server/modules/tickets/order-free-sales.ts) leaves a
-- sale marked here. Only a number priced 0 carries the mark: a number priced again (its order no
-- longer holds the package) follows its money. Re-runnable (its test runs it on a migrated database).
ALTER TABLE "tickets" ADD COLUMN IF NOT EXISTS "status_by_hand" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT IF EXISTS "tickets_status_by_hand_check",
  ADD CONSTRAINT "tickets_status_by_hand_check" CHECK (NOT "status_by_hand" OR "price_cents" = 0);
--> statement-breakpoint
-- Since migration 0032 every money move of an order applies the rule to its numbers priced 0, so a
-- live one whose status says otherwise was put there by staff (before 0032, only staff made one
-- pagado): marked, so the next payment or refund no longer takes it back. So is one made pagado in
-- an order with nothing that costs something (a raffle priced 0), which no rule ever makes paid.
WITH priced_orders AS (
  SELECT order_id, count(*) FILTER (WHERE remaining_cents > 0) = 0 AS paid
  FROM tickets
  WHERE order_id IS NOT NULL AND ended_at IS NULL AND price_cents > 0
    AND status IN ('apartado', 'abonado', 'pagado')
  GROUP BY order_id
)
UPDATE tickets t SET status_by_hand = true
WHERE t.ended_at IS NULL AND t.price_cents = 0 AND t.total_paid_cents = 0 AND NOT t.status_by_hand
  AND t.status IN ('apartado', 'pagado')
  AND CASE
    WHEN EXISTS (SELECT 1 FROM priced_orders o WHERE o.order_id = t.order_id)
      THEN t.status <> (SELECT CASE WHEN o.paid THEN 'pagado' ELSE 'apartado' END
                        FROM priced_orders o WHERE o.order_id = t.order_id)
    ELSE t.status = 'pagado'
  END;
