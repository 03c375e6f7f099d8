import { ShieldCheck } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { verificationTexts } from '../verification-texts';

const t = verificationTexts.codes;

export type CodeEntry = { number: number; ticketNumber: string; code: string };

/**
 * Each number's verification code, for its buyer only (the order page and its printed ticket),
 * with a QR that opens "Verifica tu número" already filled in (the cedula is typed there).
 */
export function VerificationCodes({ raffleId, entries }: { raffleId: string; entries: CodeEntry[] }) {
  if (entries.length === 0) return null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="grid gap-2 border-t border-dashed border-zinc-300 pt-4" data-testid="verification-codes">
      <p className="flex items-center gap-1.5 text-sm font-semibold text-zinc-900">
        <ShieldCheck aria-hidden className="size-4 text-green-700" />
        {t.title}
      </p>
      <p className="text-xs text-zinc-600">{t.hint}</p>
      <ul className="grid gap-2">
        {entries.map((entry) => (
          <li
            key={entry.number}
            className="flex items-center gap-3 rounded-lg border border-zinc-200 p-2 break-inside-avoid"
          >
            <QRCodeSVG
              value={`${origin}${paths.verify.getHref({ raffleId, number: entry.number, code: entry.code })}`}
              size={64}
              level="M"
              role="img"
              aria-label={t.qrLabel(entry.ticketNumber)}
              className="shrink-0"
            />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="text-sm font-bold text-brand-800 tabular-nums">#{entry.ticketNumber}</p>
              <p className="text-xs text-zinc-500">{t.code}</p>
              <p
                className="font-mono text-base font-bold tracking-wider break-all text-zinc-900"
                data-testid="verification-code"
              >
                {entry.code}
              </p>
            </div>
            <Link
              to={paths.verify.getHref({ raffleId, number: entry.number, code: entry.code })}
              className="inline-flex min-h-10 shrink-0 items-center rounded px-2 text-sm font-medium text-brand-700 hover:underline print:hidden"
            >
              {t.verify}
              <span className="sr-only"> #{entry.ticketNumber}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
