import { raffleStatusLabels } from '@domain/raffles';
import type { User } from '@domain/users';
import { useState } from 'react';
import { toast } from 'sonner';
import { useRaffles } from '@/api/raffles';
import { useSellerRaffles, useSetSellerRaffles } from '@/api/sellers';
import { ActionDialog } from '@/components/action-dialog';
import { errorMessage } from '@/components/query-state';
import { SellerCheckList } from '@/components/seller-check-list';
import { texts } from '@/config/texts';
import { usersTexts } from '../texts';

type Props = { user: User; open: boolean; onOpenChange: (open: boolean) => void };

const t = usersTexts.assignRaffles;

/**
 * The seller's page side of the assignment (decision 036): which raffles this vendedor sells
 * besides their own. Saving replaces the list: a raffle unticked is no longer theirs at once.
 */
export function AssignRafflesDialog({ user, open, onOpenChange }: Props) {
  const assigned = useSellerRaffles(user.id, open);
  const raffles = useRaffles({}, { enabled: open });
  const save = useSetSellerRaffles(user.id);
  const [picked, setPicked] = useState<string[] | null>(null);
  const value = picked ?? assigned.data?.raffle_ids ?? [];
  // Their own raffles are theirs anyway; archived ones are not on sale.
  const options = (raffles.data ?? [])
    .filter((r) => r.seller_id !== user.id && !r.archived_at)
    .map((r) => ({ id: r.id, label: r.name, hint: raffleStatusLabels[r.status] }));

  function handleOpenChange(next: boolean) {
    if (!next) setPicked(null);
    onOpenChange(next);
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={t.title(user.full_name)}
      description={t.description}
      actionLabel={t.save}
      pending={save.isPending}
      error={save.error ? errorMessage(save.error, texts.common.genericError) : null}
      actionDisabled={!assigned.isSuccess}
      onConfirm={() =>
        save.mutate(value, {
          onSuccess: () => {
            toast.success(t.saved, { description: t.savedDescription(user.full_name, value.length) });
            handleOpenChange(false);
          },
        })
      }
    >
      <SellerCheckList
        legend={t.legend}
        empty={raffles.isPending || assigned.isPending ? texts.common.loading : t.empty}
        options={options}
        value={value}
        onChange={setPicked}
      />
    </ActionDialog>
  );
}
