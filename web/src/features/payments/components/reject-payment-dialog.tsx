import { batchReviewSchema, REJECTION_REASON_MAX } from '@domain/payments';
import { type FormEvent, useId, useState } from 'react';
import { ActionDialog } from '@/components/action-dialog';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { paymentsTexts } from '../texts';

type RejectPaymentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buyer: string;
  numbers: string[];
  raffle: string;
  pending: boolean;
  /** The reason the field starts with (a surplus suggests one); the admin may change it. */
  initialReason?: string;
  /** Resolves true when the rejection was recorded (the dialog then closes). */
  onConfirm: (reason: string) => Promise<boolean>;
};

// The same rule the server applies to the body: required here, 3 to 300 characters.
const reasonSchema = batchReviewSchema.shape.reason.unwrap();
const t = paymentsTexts.reject;

/** Names the buyer and the numbers, and asks for the reason the buyer will read in tracking. */
export function RejectPaymentDialog(props: RejectPaymentDialogProps) {
  const { open, onOpenChange, buyer, numbers, raffle, pending, onConfirm, initialReason = '' } = props;
  const id = useId();
  const [reason, setReason] = useState(initialReason);
  const [error, setError] = useState<string | undefined>();

  function change(next: boolean) {
    if (!next) {
      setReason(initialReason);
      setError(undefined);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (await onConfirm(parsed.data)) {
      setReason(initialReason);
      onOpenChange(false);
    }
  }

  const fieldId = `${id}-reason`;
  return (
    <ActionDialog
      open={open}
      onOpenChange={change}
      title={t.title(buyer)}
      description={t.description(numbers, raffle)}
      actionLabel={pending ? t.rejecting : t.confirm}
      actionVariant="destructive"
      pending={pending}
      onSubmit={submit}
    >
      <Field id={fieldId} label={t.reason} error={error} hint={t.reasonHint}>
        <Textarea
          {...fieldControlProps(fieldId, error, t.reasonHint)}
          value={reason}
          maxLength={REJECTION_REASON_MAX}
          required
          onChange={(event) => setReason(event.target.value)}
          className="min-h-24"
        />
      </Field>
    </ActionDialog>
  );
}
