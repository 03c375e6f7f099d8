import type { Raffle } from '@domain/raffles';
import { raffleMessages } from '@domain/raffles';
import { Archive } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { errorMessage } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { useArchiveRaffle } from '../api/archive-raffle';
import { dashboardTexts } from '../dashboard-texts';

const t = dashboardTexts.archive;

/**
 * Admin only, for a raffle that cannot be deleted (it has sales or payments, or it closed): hides it
 * instead, keeping its money and history. An active one must close first, and a closed one be drawn
 * first: its published list stays public until its draw (the server says the same).
 */
export function ArchiveRaffleDialog({ raffle }: { raffle: Raffle }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const archive = useArchiveRaffle();
  const active = raffle.status === 'activa';
  const awaitingDraw = raffle.status === 'cerrada';

  async function confirm() {
    setError(null);
    try {
      await archive.mutateAsync(raffle.id);
      toast.success(t.success, { description: t.successDescription(raffle.name) });
      setOpen(false);
    } catch (cause) {
      setError(errorMessage(cause, t.failed));
    }
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={dashboardTexts.card.forRaffle(dashboardTexts.card.archive, raffle.name)}
        >
          <Archive aria-hidden />
          {dashboardTexts.card.archive}
        </Button>
      }
      title={t.title(raffle.name)}
      description={t.description}
      actionLabel={archive.isPending ? t.archiving : t.confirm}
      pending={archive.isPending}
      actionDisabled={active || awaitingDraw}
      error={error}
      onConfirm={confirm}
    >
      <p className="rounded-lg border border-zinc-200 bg-zinc-50 p-3 text-sm text-zinc-700">
        {t.whyNotDelete}
      </p>
      {active && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {raffleMessages.archiveActive}
        </p>
      )}
      {awaitingDraw && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {raffleMessages.archiveAwaitingDraw}
        </p>
      )}
    </ActionDialog>
  );
}
