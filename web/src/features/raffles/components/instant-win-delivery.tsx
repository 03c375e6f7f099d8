import { formatDateTime } from '@domain/dates';
import type { StaffInstantWin } from '@domain/instant-wins';
import { displayName } from '@domain/names';
import { CircleCheck, PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';
import { useMarkInstantWinDelivered } from '../api/mark-instant-win-delivered';
import { formTexts } from '../form-texts';

const t = formTexts.instantWins;

/**
 * A won instant win's hand-over (decision 081): "Entregado" with its date once marked, else a
 * button that asks before marking it, since the mark cannot be taken back.
 */
export function InstantWinDelivery({ raffleId, win }: { raffleId: string; win: StaffInstantWin }) {
  const [open, setOpen] = useState(false);
  const mark = useMarkInstantWinDelivered();
  const ticket = win.ticket_number ?? String(win.number);

  if (win.delivered_at)
    return (
      <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-zinc-700">
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800 ring-1 ring-emerald-200">
          <CircleCheck aria-hidden className="size-3.5" />
          {t.delivered}
        </span>
        {t.deliveredOn(formatDateTime(win.delivered_at), win.delivered_by_name)}
      </p>
    );

  async function confirm() {
    try {
      await mark.mutateAsync({ raffleId, number: win.number });
      toast.success(t.deliveredToast(ticket));
      setOpen(false);
    } catch {
      // The server's reason (422: the prize is no longer won, after a refund) stays in the dialog.
    }
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        if (next) mark.reset();
        setOpen(next);
      }}
      trigger={
        <Button variant="secondary" size="sm" className="w-fit" aria-label={t.deliverLabel(ticket)}>
          <PackageCheck aria-hidden />
          {t.deliver}
        </Button>
      }
      title={t.deliverTitle(ticket)}
      description={t.deliverDescription(win.prize, displayName(win.winner_name))}
      error={mark.error && (mark.error.message || texts.common.genericError)}
      actionLabel={mark.isPending ? t.delivering : t.deliverConfirm}
      pending={mark.isPending}
      onConfirm={confirm}
    >
      <ul className="grid list-disc gap-2 pl-5 text-sm text-zinc-800">
        {t.deliverConsequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </ActionDialog>
  );
}
