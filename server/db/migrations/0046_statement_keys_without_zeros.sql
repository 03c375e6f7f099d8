-- A statement credit imported again as XLSX reads its reference without the leading zeros the CSV
-- had ("1234567" for "0001234567"), so the check "already on an earlier credit" compares keys
-- without them (match-entries.ts, decision 085): this index answers it without reading every row.
CREATE INDEX IF NOT EXISTS bank_statement_rows_reference_bare_idx ON bank_statement_rows (ltrim(reference_key, '0'))
  WHERE reference_key IS NOT NULL;
