-- A payment proof belongs to the raffle it was first put on (decision 079). A vendedor could put the
-- URL of another raffle's proof on a sale of their own and then read it (files.service.ts reads a
-- proof for whoever manages a raffle it is on): the key of a proof is looked up in the sales at every
-- attach, so it gets an index, on the rows that have a proof only. The expression is files.repo.ts's
-- `proofKey`, character for character (the cleanup job's and the read rule's lookups use it too).
CREATE INDEX "tickets_payment_proof_key_idx" ON "tickets" ((substring("payment_proof" from '/api/files/([^/?#]+)$')))
  WHERE "payment_proof" IS NOT NULL;
