import { formatDateTime } from '@domain/dates';
import type { Clarification } from '@domain/draw-terms';
import { MessageSquareText } from 'lucide-react';
import { sealedDrawTexts } from '../sealed-draw-texts';

const t = sealedDrawTexts.clarifications;

/**
 * The organizer's dated notes under the prize description, which froze at close (issue 19): shown
 * as notes, never merged into the description, so a buyer sees what was sold and what came later.
 */
export function RaffleClarifications({ clarifications }: { clarifications: Clarification[] }) {
  if (clarifications.length === 0) return null;
  return (
    <section
      aria-label={t.title}
      className="grid gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
      data-testid="raffle-clarifications"
    >
      {clarifications.map((c) => (
        <p key={c.at} className="flex gap-2">
          <MessageSquareText aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-700" />
          <span className="whitespace-pre-line">
            <strong className="font-semibold">{t.item(formatDateTime(c.at))}</strong> {c.text}
          </span>
        </p>
      ))}
    </section>
  );
}
