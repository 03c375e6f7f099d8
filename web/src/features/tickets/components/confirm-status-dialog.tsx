import type { TicketInstantWin } from '@domain/instant-wins';
import { ActionDialog } from '@/components/action-dialog';
import { ticketsTexts } from '../texts';
import { DeliveredPrizeNotice } from './delivered-prize-notice';

export type ConfirmKind = 'release' | 'cancel';

type ConfirmStatusDialogProps = {
  kind: ConfirmKind | null;
  ticketNumber: string;
  /** The buyer's name as people read it; null when the number has none. */
  buyer: string | null;
  /** The instant win the sale won: a prize already handed over stays with it (decision 081). */
  instantWin?: TicketInstantWin | null;
  pending: boolean;
  onConfirm: (kind: ConfirmKind) => void;
  onOpenChange: (open: boolean) => void;
};

/** Releasing or cancelling a number takes it from its buyer: the dialog names both first. */
export function ConfirmStatusDialog(props: ConfirmStatusDialogProps) {
  const { kind, ticketNumber, pending } = props;
  const t = ticketsTexts.confirm;
  const { buyer } = props;
  const release = kind === 'release';
  return (
    <ActionDialog
      open={kind !== null}
      onOpenChange={props.onOpenChange}
      role="alertdialog"
      title={release ? t.releaseTitle(ticketNumber) : t.cancelTitle(ticketNumber)}
      description={
        release ? t.releaseDescription(ticketNumber, buyer) : t.cancelDescription(ticketNumber, buyer)
      }
      cancelLabel={t.keep}
      actionLabel={release ? t.releaseConfirm : t.cancelConfirm}
      actionVariant="destructive"
      pending={pending}
      onConfirm={() => kind && props.onConfirm(kind)}
    >
      <DeliveredPrizeNotice win={props.instantWin} />
    </ActionDialog>
  );
}
