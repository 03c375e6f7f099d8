-- Issue 20, publishing at close: each sale's line hash and RFC 6962 leaf hash are kept with the sale,
-- computed by the database when the sale is written, so closing a 100,000-number raffle reads them
-- instead of hashing 200,000 times on the server's main thread (decision 043).
--
-- The line hash is SHA-256 of "<verification code>:<cedula>" (domain/verification.ts saleLine).
-- It is only computed when both are already written the way the line binds them (a code of
-- letters and digits, a normalised cedula or none): then trim, upper case and normalizeCedula
-- leave them unchanged. Otherwise it is NULL and the server computes that sale's line itself.
-- Such text is ASCII without backslashes, so decode(…, 'escape') gives its UTF-8 bytes; unlike
-- convert_to it is immutable, so PostgreSQL inlines these functions (a few microseconds a sale;
-- not inlined, a call cost ~50 µs).
CREATE FUNCTION sale_line_hash(code text, cedula text) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE
    WHEN code ~ '^[A-Z0-9]+$' AND (cedula IS NULL OR cedula = '' OR cedula ~ '^[VE]-[1-9][0-9]{5,8}$')
    THEN sha256(decode(code || ':' || coalesce(cedula, ''), 'escape'))
  END
$fn$;
--> statement-breakpoint
-- The leaf: SHA-256(0x00 ‖ "<ticket number>:<hex line hash>"); NULL when the line hash is, or when
-- the ticket number is not digits only.
CREATE FUNCTION sale_leaf_hash(ticket_number text, code text, cedula text) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE WHEN ticket_number ~ '^[0-9]+$'
    THEN sha256('\x00'::bytea || decode(ticket_number || ':' || encode(sale_line_hash(code, cedula), 'hex'), 'escape'))
  END
$fn$;
--> statement-breakpoint
ALTER TABLE tickets
  ADD COLUMN list_line_hash bytea GENERATED ALWAYS AS (sale_line_hash(verification_code, buyer_cedula)) STORED,
  ADD COLUMN list_leaf_hash bytea GENERATED ALWAYS AS (sale_leaf_hash(ticket_number, verification_code, buyer_cedula)) STORED;
