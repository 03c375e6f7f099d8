import { isClosedStatus } from '@domain/raffle-lifecycle';
import type { Raffle } from '@domain/raffles';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';
import { useCloseRaffle } from '../api/raffle-lifecycle';
import { dashboardTexts } from '../dashboard-texts';
import { ShareFingerprintDialog } from './share-fingerprint-dialog';

const t = dashboardTexts.close;

/**
 * "Cerrar ventas" (owner vendedor or admin): says what closing freezes before doing it; once closed
 * (here or by the closing date), the same place offers to share the list's fingerprint. Kept mounted
 * across the close, so the dialog goes straight on to the share.
 */
export function CloseRaffleDialog({ raffle }: { raffle: Raffle }) {
  const [open, setOpen] = useState(false);
  const close = useCloseRaffle();
  const inList = raffle.stats.apartado + raffle.stats.abonado + raffle.stats.pagado;
  // A refused close (someone else closed it first) keeps its reason on screen until dismissed.
  const closed = close.data ?? (isClosedStatus(raffle.status) && !close.isError ? raffle : null);
  if (closed) return <ShareFingerprintDialog raffle={closed} open={open} onOpenChange={setOpen} />;

  async function confirm() {
    try {
      await close.mutateAsync(raffle.id);
      toast.success(t.success, { description: t.successDescription });
    } catch {
      // The server's reason (409: already closed, not active…) stays in the dialog.
    }
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        if (next) close.reset();
        setOpen(next);
      }}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t.actionLabel(raffle.name)}>
          <Lock aria-hidden />
          {t.action}
        </Button>
      }
      title={t.title(raffle.name)}
      description={t.description}
      error={close.error && (close.error.message || texts.common.genericError)}
      actionLabel={close.isPending ? t.closing : t.confirm}
      pending={close.isPending}
      onConfirm={confirm}
    >
      <ul className="grid list-disc gap-2 pl-5 text-sm text-zinc-800">
        <li>{t.publishes}</li>
        <li>{t.frozen}</li>
        <li>{t.paymentsGoOn}</li>
      </ul>
      <p className="rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700">
        <span className="font-semibold text-zinc-900">{t.inList(inList)}</span> {t.unpaidRule}
      </p>
    </ActionDialog>
  );
}
