import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/error-alert';
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

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns its opening. */
  trigger?: ReactNode;
  /** `alertdialog` when confirming takes something from someone: screen readers say it at once. */
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  description: ReactNode;
  /** What confirming does, between the question and the buttons. */
  children?: ReactNode;
  /** Why the last attempt failed; the dialog stays open to try again. */
  error?: string | null;
  cancelLabel?: string;
  confirmLabel: string;
  confirmVariant?: 'primary' | 'destructive';
  /** The action is running: the dialog cannot be closed until its outcome shows. */
  pending: boolean;
  onConfirm: () => void;
};

/** A question before an action that is hard to undo: cancel, or confirm and wait for the outcome. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  role = 'dialog',
  title,
  description,
  children,
  error,
  cancelLabel = texts.common.cancel,
  confirmLabel,
  confirmVariant = 'primary',
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent role={role}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant={confirmVariant} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
