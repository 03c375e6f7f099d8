-- Issue 20, publishing at close: each sale's line hash and RFC 6962 leaf hash are kept with the sale,
-- computed by the database when the sale is written, so closing a 100,000-number raffle reads them
-- instead of hashing 200,000 times on the server's main thread (decision 043).
--
-- The line hash is SHA-256 of "<verification code>:<cedula>" (domain/verification.ts saleLine).
-- It is only computed when both are already written the way the line binds them (a code of the
-- order-code alphabet, a normalised cedula or none): then trim, upper case and normalizeCedula
-- leave them unchanged. Otherwise it is NULL and the server computes that sale's line itself.
-- IMMUTABLE for the generated columns: convert_to to UTF-8 depends only on the database's encoding.
CREATE FUNCTION sale_line_hash(code text, cedula text) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE
    WHEN code ~ '^[A-Z0-9]+$' AND (cedula IS NULL OR cedula = '' OR cedula ~ '^[VE]-[1-9][0-9]{5,8}$')
    THEN sha256(convert_to(code || ':' || coalesce(cedula, ''), 'UTF8'))
  END
$fn$;
--> statement-breakpoint
-- The leaf: SHA-256(0x00 ‖ "<ticket number>:<hex line hash>"); NULL when the line hash is.
CREATE FUNCTION sale_leaf_hash(ticket_number text, code text, cedula text) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT sha256('\x00'::bytea || convert_to(ticket_number || ':' || encode(sale_line_hash(code, cedula), 'hex'), 'UTF8'))
$fn$;
--> statement-breakpoint
ALTER TABLE tickets
  ADD COLUMN list_line_hash bytea GENERATED ALWAYS AS (sale_line_hash(verification_code, buyer_cedula)) STORED,
  ADD COLUMN list_leaf_hash bytea GENERATED ALWAYS AS (sale_leaf_hash(ticket_number, verification_code, buyer_cedula)) STORED;
