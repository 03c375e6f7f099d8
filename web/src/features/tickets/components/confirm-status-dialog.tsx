import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ticketsTexts } from '../texts';

export type ConfirmKind = 'release' | 'cancel';

type ConfirmStatusDialogProps = {
  kind: ConfirmKind | null;
  ticketNumber: string;
  /** The buyer's name as people read it; null when the number has none. */
  buyer: string | null;
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
    <Dialog open={kind !== null} onOpenChange={(open) => !pending && props.onOpenChange(open)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{release ? t.releaseTitle(ticketNumber) : t.cancelTitle(ticketNumber)}</DialogTitle>
          <DialogDescription>
            {release ? t.releaseDescription(ticketNumber, buyer) : t.cancelDescription(ticketNumber, buyer)}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              {t.keep}
            </Button>
          </DialogClose>
          <Button variant="destructive" loading={pending} onClick={() => kind && props.onConfirm(kind)}>
            {release ? t.releaseConfirm : t.cancelConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
