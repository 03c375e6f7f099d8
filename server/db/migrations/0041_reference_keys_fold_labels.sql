-- One bank credit, one key (decision 066). The key of a reported reference (domain/references.ts)
-- now drops every character but letters and digits, folds accents, and drops a leading run of label
-- words when digits follow: "Nro. Referencia 12345678", "Número de referencia: 12345678",
-- "(12345678)" and "12345678;" are 12345678, so the unique index refuses the second report of one
-- transfer (409 DUPLICATE_REFERENCE) instead of letting it pay a second sale. Existing keys are
-- written again the same way; where two live payments of one method now share a key (the same
-- transfer reported twice before), the earlier keeps it, as migration 0010 did, and the later one
-- is left for the reviewer (reconciliation still lists both).
CREATE FUNCTION pg_temp.folded_reference(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT nullif(regexp_replace(
    regexp_replace(translate(upper(normalize(raw, NFKC)), 'ÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇ', 'AAAAEEEEIIIIOOOOUUUUNC'), '[^0-9A-Z]', '', 'g'),
    '^(REF(ERENCIA)?|NRO|NUM(ERO)?|NO|N|DE|DEL|OP(ERACION)?|CONFIRMACION|COMPROBANTE|TRANSACCION|TRANSFERENCIA|PAGO|MOVIL)+(?=[0-9])',
    ''), '')
$fn$;
--> statement-breakpoint
CREATE TEMP TABLE refolded AS
SELECT id, CASE WHEN length(key) < 4 THEN NULL
  WHEN status <> 'rejected' AND row_number() OVER (
    PARTITION BY payment_method, key, status <> 'rejected' ORDER BY created_at, id) > 1 THEN NULL
  ELSE key END AS key
FROM (SELECT id, payment_method, status, created_at, pg_temp.folded_reference(reference) AS key
      FROM payments WHERE reference IS NOT NULL) AS k;
--> statement-breakpoint
-- In two steps, so no row meets another's old key on the way.
UPDATE payments p SET reference_key = NULL FROM refolded r
WHERE p.id = r.id AND p.reference_key IS DISTINCT FROM r.key;
--> statement-breakpoint
UPDATE payments p SET reference_key = r.key FROM refolded r
WHERE p.id = r.id AND p.reference_key IS DISTINCT FROM r.key;
--> statement-breakpoint
UPDATE bank_statement_rows SET reference_key = k.key
FROM (SELECT id, CASE WHEN length(pg_temp.folded_reference(reference)) >= 4 THEN pg_temp.folded_reference(reference) END AS key
      FROM bank_statement_rows) AS k
WHERE bank_statement_rows.id = k.id AND bank_statement_rows.reference_key IS DISTINCT FROM k.key;
--> statement-breakpoint
-- The reviewer's hint looks a reference up by its key under any method (payments.repo findDuplicate).
CREATE INDEX IF NOT EXISTS payments_reference_key_any_method_idx ON payments (reference_key)
  WHERE reference_key IS NOT NULL;
--> statement-breakpoint
DROP TABLE refolded;
--> statement-breakpoint
DROP FUNCTION pg_temp.folded_reference(text);
