import { formatDateTime } from '@domain/dates';
import { Archive } from 'lucide-react';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.archived;

/** Above an archived raffle's result: why it is in no listing, and that its proof is still here. */
export function ArchivedNotice({ archivedAt }: { archivedAt: string }) {
  return (
    <section
      aria-labelledby="raffle-archived-title"
      className="flex gap-3 rounded-2xl border border-zinc-300 bg-zinc-100 p-4 text-zinc-800 sm:p-5"
      data-testid="raffle-archived"
    >
      <Archive aria-hidden className="mt-0.5 size-6 shrink-0 text-zinc-600" />
      <div className="grid gap-1">
        <h2 id="raffle-archived-title" className="text-lg font-bold">
          {t.title}
        </h2>
        <p className="text-sm">{t.description(formatDateTime(archivedAt))}</p>
      </div>
    </section>
  );
}
