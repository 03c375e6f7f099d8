import { drawMessages } from '@domain/draw';
import type { Raffle } from '@domain/raffles';
import { Lock, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { texts } from '@/config/texts';
import { useCloseRaffle } from '../api/raffle-lifecycle';
import { dashboardTexts } from '../dashboard-texts';

const t = dashboardTexts.close;

/** "Cerrar ventas" (owner vendedor or admin): says what closing freezes before doing it. */
export function CloseRaffleDialog({ raffle }: { raffle: Raffle }) {
  const [open, setOpen] = useState(false);
  const close = useCloseRaffle();
  const inList = raffle.stats.apartado + raffle.stats.abonado + raffle.stats.pagado;

  async function confirm() {
    try {
      await close.mutateAsync(raffle.id);
      toast.success(t.success, { description: t.successDescription });
      setOpen(false);
    } catch {
      // The server's reason (409: already closed, not active…) stays in the dialog.
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (close.isPending) return;
        if (next) close.reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={t.actionLabel(raffle.name)}>
          <Lock aria-hidden />
          {t.action}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title(raffle.name)}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-zinc-800">
          <li>{t.publishes}</li>
          <li>{t.frozen}</li>
          <li>{t.paymentsGoOn}</li>
        </ul>
        <p className="rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700">
          <span className="font-semibold text-zinc-900">{t.inList(inList)}</span> {drawMessages.closeRule}
        </p>
        {close.error && (
          <p
            role="alert"
            className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {close.error.message || texts.common.genericError}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={close.isPending}>
              {texts.common.cancel}
            </Button>
          </DialogClose>
          <Button loading={close.isPending} onClick={confirm}>
            {close.isPending ? t.closing : t.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
