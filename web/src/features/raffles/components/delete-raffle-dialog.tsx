import { messages } from '@domain/messages';
import type { Raffle } from '@domain/raffles';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { raffleKeys } from '@/api/raffles';
import { ActionDialog } from '@/components/action-dialog';
import { Button } from '@/components/ui/button';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useDeleteRaffle } from '../api/delete-raffle';
import { dashboardTexts } from '../dashboard-texts';

/** SPEC 8: no session, an HTTP error (with its status) and success each have their own toast. */
function deleteErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return messages.raffles.deleteNoSession;
    if (error.status > 0) return dashboardTexts.delete.httpError(error.status);
  }
  return dashboardTexts.delete.failed(error instanceof Error ? error.message : texts.common.genericError);
}

/**
 * Admin only, for a raffle nobody bought into: a confirm dialog that names the raffle before
 * deleting it (one with sales or payments is archived instead: ArchiveRaffleDialog).
 */
export function DeleteRaffleDialog({ raffle }: { raffle: Raffle }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteRaffle();
  const queryClient = useQueryClient();
  const t = dashboardTexts.delete;

  async function confirm() {
    try {
      await remove.mutateAsync(raffle.id);
      toast.success(messages.raffles.deleteSuccess);
      setOpen(false);
    } catch (error) {
      // A sale since the list loaded (409 RAFFLE_HAS_SALES): the server says to archive it, and the
      // refreshed card offers "Archivar" instead.
      const refused = isApiError(error) && error.code === 'RAFFLE_HAS_SALES';
      toast.error(deleteErrorMessage(error), refused ? { description: error.message } : undefined);
      if (refused) {
        setOpen(false);
        void queryClient.invalidateQueries({ queryKey: raffleKeys.lists() });
      }
    }
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={dashboardTexts.card.forRaffle(dashboardTexts.card.delete, raffle.name)}
        >
          <Trash2 aria-hidden />
          {dashboardTexts.card.delete}
        </Button>
      }
      title={t.title(raffle.name)}
      description={t.description}
      actionLabel={remove.isPending ? t.deleting : t.confirm}
      actionVariant="destructive"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
