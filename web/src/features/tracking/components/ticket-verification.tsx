import type { TrackedTicket } from '@domain/tracking';
import type { Receipt } from '@domain/verification';
import { FileDown, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { trackingTexts } from '../texts';

const t = trackingTexts.verification;

/** The receipt exactly as the server signed it, as a file the buyer keeps. */
function downloadReceipt(receipt: Receipt, fileName: string) {
  const blob = new Blob([`${JSON.stringify(receipt, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The ticket's verification code, a link to check it, and its signed receipt to download. */
export function TicketVerification({ ticket }: { ticket: TrackedTicket }) {
  const code = ticket.verification_code;
  const receipt = ticket.receipt;
  return (
    <div className="grid gap-2 rounded-lg bg-zinc-50 p-2.5" data-testid="ticket-verification">
      {code && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="grid gap-0.5">
            <p className="text-xs text-zinc-600">{t.code}</p>
            <p
              className="font-mono text-base font-bold tracking-wider text-zinc-900"
              data-testid="verification-code"
            >
              {code}
            </p>
          </div>
          <Link
            to={paths.verify.getHref({ raffleId: ticket.raffle_id, number: ticket.number, code })}
            className="inline-flex min-h-10 items-center gap-1.5 rounded px-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ShieldCheck aria-hidden className="size-4" />
            {t.verify}
            <span className="sr-only"> #{ticket.ticket_number}</span>
          </Link>
        </div>
      )}
      {code && <p className="text-xs text-zinc-600">{t.hint}</p>}
      {receipt && (
        <>
          <Button
            variant="secondary"
            size="sm"
            className="w-full sm:w-fit"
            onClick={() => downloadReceipt(receipt, t.receiptFile(ticket.raffle_id, ticket.ticket_number))}
          >
            <FileDown aria-hidden />
            {t.receipt}
            <span className="sr-only"> #{ticket.ticket_number}</span>
          </Button>
          <p className="text-xs text-zinc-600">{t.receiptHint}</p>
        </>
      )}
    </div>
  );
}
