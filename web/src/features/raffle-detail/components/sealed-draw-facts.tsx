import { beaconRoundUrl } from '@domain/beacon';
import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import type { PublicRaffle } from '@domain/raffles';
import { padTicketNumber } from '@domain/tickets';
import { Download, ExternalLink, Hourglass, Stamp } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SealedDraw } from '@/api/raffle-draw';
import { sealedDrawTexts } from '../sealed-draw-texts';

const t = sealedDrawTexts.facts;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium text-zinc-600">{label}</dt>
      <dd className="text-sm break-words text-zinc-900">{children}</dd>
    </div>
  );
}

/** The seal: who timestamped the list's fingerprint and when, with the token; or that it is pending. */
function Seal({ seal }: { seal: NonNullable<SealedDraw['timestamp']> }) {
  if (seal.status !== 'sellado' || !seal.time) {
    return (
      <span className="flex gap-1.5 text-amber-900">
        <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t.sealPending}
      </span>
    );
  }
  return (
    <span className="grid gap-1">
      <span className="flex gap-1.5 font-medium text-green-900">
        <Stamp aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t.sealed(seal.authority ?? '—', formatDateTime(seal.time))}
      </span>
      {seal.token_url && (
        <a
          href={seal.token_url}
          download
          className="inline-flex w-fit items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <Download aria-hidden className="size-4" />
          {t.sealDownload}
        </a>
      )}
    </span>
  );
}

/** The drand round that decides the raffle: a link to it once out, its expected time before. */
function DrandRound({ round, time, out }: { round: number; time: string; out: boolean }) {
  if (!out) return <>{t.roundPending(round, formatDateTime(time))}</>;
  return (
    <a
      href={beaconRoundUrl(round)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
    >
      {t.roundValue(round)} · {t.roundLink}
      <ExternalLink aria-hidden className="size-3.5" />
    </a>
  );
}

/**
 * What a buyer can check on a closed or drawn raffle (issue 19): when the list was frozen and how
 * many lines, its fingerprint, the time seal, the declared source and rule, and the result as
 * published beside the winning number (or the drand round).
 */
export function SealedDrawFacts({ raffle, draw }: { raffle: PublicRaffle; draw: SealedDraw | undefined }) {
  const closedAt = draw?.closed_at ?? raffle.closed_at;
  const lines = draw?.line_count ?? raffle.line_count;
  // "<seq>:<hash>": the audit chain's head when the list froze (docs/verification.md, audit section).
  const [seq, hash] = draw?.audit_head?.split(':') ?? [];
  const auditHead = seq && hash ? { seq, hash } : null;
  const root = draw?.draw_commitment ?? raffle.draw_commitment;
  const merkle = (draw?.commitment_version ?? raffle.commitment_version) === 2;
  const source = declaredSourceText(raffle);
  const ruleText = draw?.source?.rule_text ?? raffle.draw_rule_text;
  const result = draw?.result ?? raffle.draw_result;
  const beacon = draw?.source?.beacon ?? null;
  const winning = raffle.winning_number;
  return (
    <section aria-labelledby="sealed-draw-title" className="grid gap-3" data-testid="sealed-draw-facts">
      <h3 id="sealed-draw-title" className="text-sm font-semibold text-zinc-900">
        {t.title}
      </h3>
      <dl className="grid gap-3 sm:grid-cols-2">
        {closedAt && <Fact label={t.closedAt}>{t.closedAtValue(formatDateTime(closedAt), lines ?? 0)}</Fact>}
        {draw?.timestamp && (
          <Fact label={t.seal}>
            <Seal seal={draw.timestamp} />
          </Fact>
        )}
        {root && (
          <Fact label={t.fingerprint(merkle)}>
            <span className="font-mono text-xs break-all" data-testid="sealed-root">
              {root}
            </span>
          </Fact>
        )}
        {auditHead && (
          <Fact label={t.auditHead}>
            <span className="font-mono text-xs break-all" data-testid="audit-head">
              {t.auditHeadValue(auditHead.seq, auditHead.hash)}
            </span>
          </Fact>
        )}
        {source && <Fact label={t.source}>{source}</Fact>}
        {raffle.draw_kind === 'loteria' && ruleText && <Fact label={t.rule}>{ruleText}</Fact>}
        {result && winning !== null && (
          <Fact label={t.result}>
            <span className="font-mono font-semibold">
              {t.resultValue(result, padTicketNumber(winning, raffle.digit_count))}
            </span>
          </Fact>
        )}
        {raffle.draw_kind === 'drand' && beacon && (
          <Fact label={t.round}>
            <DrandRound round={beacon.round} time={beacon.time} out={Boolean(beacon.randomness)} />
          </Fact>
        )}
      </dl>
    </section>
  );
}
