import { formatDateTime } from '@domain/dates';
import type { ClosingExtension } from '@domain/draw-terms';
import { sealedDrawTexts } from '../sealed-draw-texts';

const t = sealedDrawTexts.extensions;

/** Every extension of the closing date, oldest first, as buyers were told (issue 19). */
export function ClosingExtensions({ extensions }: { extensions: ClosingExtension[] }) {
  if (extensions.length === 0) return null;
  return (
    <span className="mt-1 grid gap-0.5 text-xs font-normal text-zinc-600" data-testid="closing-extensions">
      <span className="sr-only">{t.title}</span>
      {extensions.map((e) => (
        <span key={`${e.at}-${e.to}`}>
          {t.item(formatDateTime(e.from), formatDateTime(e.to), formatDateTime(e.at))}
        </span>
      ))}
    </span>
  );
}
