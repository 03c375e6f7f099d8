import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paymentsTexts } from '../texts';

type DuplicateWarningProps = {
  /** The earlier payments this one repeats. */
  targets: string[];
  /** Where each earlier payment is shown (its tab and anchor), or null when it is not listed. */
  hrefFor: (paymentId: string) => string | null;
};

const t = paymentsTexts.card;

/** Red flag: the same proof file or bank reference was already used by another buyer's payment. */
export function DuplicateWarning({ targets, hrefFor }: DuplicateWarningProps) {
  if (targets.length === 0) return null;
  return (
    <div
      data-testid="duplicate-warning"
      className="grid gap-1 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <TriangleAlert aria-hidden className="size-4 shrink-0 text-red-700" />
        {t.duplicate}
      </p>
      <p>{t.duplicateDescription}</p>
      <ul className="flex flex-wrap gap-x-4">
        {targets.map((id, index) => {
          const href = hrefFor(id);
          return (
            <li key={id}>
              {href ? (
                <Link
                  to={href}
                  className="inline-flex min-h-10 items-center font-medium text-red-800 underline underline-offset-2 hover:text-red-950"
                >
                  {t.duplicateLink(index + 1, targets.length)}
                </Link>
              ) : (
                <span className="inline-flex min-h-10 items-center text-red-800">{t.duplicateUnknown}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
