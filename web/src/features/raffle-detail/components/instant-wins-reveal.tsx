import { instantWinCommitment } from '@domain/instant-win-commitment';
import { Gift } from 'lucide-react';
import { useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { browserSha256, type SealedDraw } from '../sealed-draw';
import { raffleDetailTexts } from '../texts';
import { VerdictBox } from './verdict-box';

const t = raffleDetailTexts.instantWins;

/**
 * "Números premiados" of a closed raffle (decision 041): the list and salt published at close, and
 * the commitment recomputed here, in the visitor's browser, beside the one published before sales.
 */
export function InstantWinsReveal({
  draw,
  committed,
}: {
  draw: SealedDraw;
  /** The commitment the raffle page showed before the first sale. */
  committed: string | null;
}) {
  const list = draw.instant_wins ?? [];
  const salt = draw.instant_win_salt ?? '';
  const computed = useMemo(() => instantWinCommitment(browserSha256, list, salt), [list, salt]);
  const published = committed ?? draw.instant_win_commitment;
  const match = published !== null && computed === published;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="instant-wins-title" className="grid gap-4" data-testid="instant-wins-reveal">
        <div className="grid gap-1">
          <h2 id="instant-wins-title" className="flex items-center gap-2 text-lg font-semibold text-zinc-900">
            <Gift aria-hidden className="size-5 text-emerald-700" />
            {t.title}
          </h2>
          <p className="text-sm text-zinc-600">{t.description}</p>
        </div>
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-zinc-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t.number}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t.prize}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t.winner}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((w) => (
              <tr key={w.number} className="border-t border-zinc-100">
                <td className="py-2 pr-3 font-mono font-semibold tabular-nums">{w.number}</td>
                <td className="py-2 pr-3 break-words">{w.prize}</td>
                <td className="py-2 text-zinc-700">{w.winner_masked ?? t.nobody}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <VerdictBox
          tone={match ? 'ok' : 'bad'}
          title={match ? t.match : t.noMatch}
          testId="instant-wins-verdict"
        >
          <p>{match ? t.matchDetail : t.noMatchDetail}</p>
          <p className="text-xs font-medium">{t.commitment}</p>
          <p className="font-mono text-xs break-all">{published}</p>
          <p className="text-xs font-medium">{t.salt}</p>
          <p className="font-mono text-xs break-all">{salt}</p>
        </VerdictBox>
        <p className="text-xs text-zinc-500">{t.how}</p>
      </section>
    </Card>
  );
}
