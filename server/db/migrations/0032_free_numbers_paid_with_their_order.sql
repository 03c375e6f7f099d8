-- A number its package priced 0 is paid when its order is (decision 061). Orders paid in full before
-- this change left theirs 'apartado', out of the pre-sorteo list: settled here once, with the history
-- row the server writes for it (server/modules/tickets/order-free-sales.ts). Orders with nothing that
-- costs something (a raffle priced 0) are left as they are.
WITH paid_orders AS (
  SELECT order_id FROM tickets
  WHERE order_id IS NOT NULL AND ended_at IS NULL AND status IN ('apartado', 'abonado', 'pagado')
  GROUP BY order_id
  HAVING count(*) FILTER (WHERE price_cents > 0) > 0
     AND count(*) FILTER (WHERE price_cents > 0 AND remaining_cents > 0) = 0
), settled AS (
  UPDATE tickets t SET status = 'pagado', version = nextval('ticket_version_seq'), updated_at = now()
  FROM paid_orders p
  WHERE t.order_id = p.order_id AND t.ended_at IS NULL AND t.status = 'apartado'
    AND t.price_cents = 0 AND t.total_paid_cents = 0
  RETURNING t.id, t.raffle_id, t.number
)
INSERT INTO ticket_events (ticket_id, raffle_id, number, from_status, to_status, note)
SELECT id, raffle_id, number, 'apartado', 'pagado',
       'Pagado con su pedido: los números con precio del pedido están pagados por completo'
FROM settled;
