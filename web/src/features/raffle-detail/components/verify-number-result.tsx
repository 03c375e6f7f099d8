import { formatDateTime } from '@domain/dates';
import type { VerifyOutcome } from '../hooks/use-verify-number';
import { shortFingerprint, verificationTexts } from '../verification-texts';
import type { NumberVerdict, ReceiptVerdict } from '../verify-number';
import { VerdictBox } from './verdict-box';

const r = verificationTexts.result;
const rc = verificationTexts.receipt;

function NumberResult({ verdict }: { verdict: NumberVerdict }) {
  switch (verdict.kind) {
    case 'proven': {
      const short = shortFingerprint(verdict.root);
      return (
        <VerdictBox tone="ok" title={r.proven(verdict.ticketNumber)} testId="verify-number-result">
          <p>
            {verdict.closedAt
              ? r.provenDetail(verdict.ticketNumber, formatDateTime(verdict.closedAt), short, verdict.hashes)
              : r.provenNoDate(verdict.ticketNumber, short, verdict.hashes)}
          </p>
          <p className="text-xs">{r.provenWhat}</p>
        </VerdictBox>
      );
    }
    case 'not-found':
      return (
        <VerdictBox tone="bad" title={r.notFound(verdict.ticketNumber)} testId="verify-number-result">
          <p>{verdict.inList ? r.notFoundInList : r.notFoundMissing}</p>
        </VerdictBox>
      );
    case 'bad-proof':
      return (
        <VerdictBox tone="bad" title={r.badProof(verdict.ticketNumber)} testId="verify-number-result">
          <p>{r.badProofDetail}</p>
        </VerdictBox>
      );
    case 'legacy':
      return (
        <VerdictBox tone="info" title={r.legacy} testId="verify-number-result">
          <p>{r.legacyDetail}</p>
        </VerdictBox>
      );
    case 'not-sealed':
      return (
        <VerdictBox tone="info" title={r.notSealed} testId="verify-number-result">
          <p>{r.notSealedDetail}</p>
        </VerdictBox>
      );
  }
}

function ReceiptResult({ verdict }: { verdict: ReceiptVerdict }) {
  const box = (tone: 'ok' | 'bad' | 'warn' | 'info', title: string, detail: string) => (
    <VerdictBox tone={tone} title={title} testId="verify-receipt-result">
      <p>{detail}</p>
    </VerdictBox>
  );
  switch (verdict.kind) {
    case 'included':
      return box('ok', rc.included(verdict.ticketNumber), rc.includedDetail);
    case 'missing':
      return verdict.mayHaveExpired && verdict.heldUntil
        ? box(
            'warn',
            rc.missingExpired(verdict.ticketNumber),
            rc.missingExpiredDetail(formatDateTime(verdict.heldUntil)),
          )
        : box('bad', rc.missing, rc.missingDetail(verdict.ticketNumber));
    case 'bad-signature':
      return box('bad', rc.badSignature, rc.badSignatureDetail);
    case 'other-raffle':
      return box('warn', rc.otherRaffle, rc.otherRaffleDetail);
    case 'invalid-file':
      return box('warn', rc.invalidFile, rc.invalidFileDetail);
    case 'bad-proof':
      return box('bad', rc.badProof(verdict.ticketNumber), r.badProofDetail);
    case 'legacy':
      return box('info', r.legacy, r.legacyDetail);
    case 'not-sealed':
      return box('info', r.notSealed, r.notSealedDetail);
  }
}

/** What was proven, or what failed, for the number and for the loaded receipt. */
export function VerifyNumberResult({ outcome }: { outcome: VerifyOutcome }) {
  return (
    <div className="grid gap-3">
      {outcome.number && <NumberResult verdict={outcome.number} />}
      {outcome.receipt && <ReceiptResult verdict={outcome.receipt} />}
    </div>
  );
}
