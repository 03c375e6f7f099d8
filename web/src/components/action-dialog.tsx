import type { FormEvent, ReactNode } from 'react';
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

type ActionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns its opening. */
  trigger?: ReactNode;
  /** `alertdialog` when the action takes something from someone: screen readers say it at once. */
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  description: ReactNode;
  /** What the action does, or the fields of its form, between the header and the buttons. */
  children?: ReactNode;
  /** Why the last attempt failed; the dialog stays open to try again. */
  error?: string | null;
  cancelLabel?: string;
  actionLabel: string;
  actionVariant?: 'primary' | 'destructive';
  /** The action is running: the dialog cannot be closed until its outcome shows. */
  pending: boolean;
  /** The action cannot run now (the dialog's body says why). */
  actionDisabled?: boolean;
} & (
  | { /** A question: the action button runs it. */ onConfirm: () => void; onSubmit?: never }
  | {
      /** A short form: the action button submits it (Enter too) and the handler validates it. */
      onSubmit: (event: FormEvent<HTMLFormElement>) => void;
      onConfirm?: never;
    }
);

/** A dialog that leads to one action: a question to confirm or a short form to submit, or cancel. */
export function ActionDialog({
  open,
  onOpenChange,
  trigger,
  role = 'dialog',
  title,
  description,
  children,
  error,
  cancelLabel = texts.common.cancel,
  actionLabel,
  actionVariant = 'primary',
  pending,
  actionDisabled = false,
  onConfirm,
  onSubmit,
}: ActionDialogProps) {
  const body = (
    <>
      {children}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={pending}>
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button
          type={onSubmit ? 'submit' : 'button'}
          variant={actionVariant}
          loading={pending}
          disabled={actionDisabled}
          onClick={onConfirm}
        >
          {actionLabel}
        </Button>
      </DialogFooter>
    </>
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent role={role}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            {body}
          </form>
        ) : (
          body
        )}
      </DialogContent>
    </Dialog>
  );
}
