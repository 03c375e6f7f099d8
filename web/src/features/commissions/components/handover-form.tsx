import { allocateCash, type SellerCash } from '@domain/cash-held';
import { formatUsd, parseMoneyToCents } from '@domain/money';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { errorMessage } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { newRequestId } from '@/lib/request-id';
import { useRecordHandover } from '../api/seller-cash';
import { commissionsTexts } from '../texts';

const asInput = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * "Registrar entrega de efectivo": the amount (all that is held, to start), an optional note and a
 * confirmation. One request key per form, kept across retries: a lost answer sent again records the
 * hand-over once (the server answers the first one).
 */
export function HandoverForm({
  cash,
  sellerName,
  onDone,
}: {
  cash: SellerCash;
  sellerName: string;
  onDone: () => void;
}) {
  const t = commissionsTexts.cash;
  const [amount, setAmount] = useState(asInput(cash.held_cents));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const requestId = useRef(newRequestId());
  const record = useRecordHandover();
  const cents = parseMoneyToCents(amount);
  const parts =
    cents !== null && cents > 0 && cents <= cash.held_cents
      ? allocateCash(
          cents,
          cash.receipts.map((r) => ({ heldCents: r.held_cents })),
        )
      : null;
  const last = parts?.[parts.length - 1];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found =
      cents === null || cents <= 0 ? t.amountInvalid : cents > cash.held_cents ? t.amountTooHigh : undefined;
    setError(found);
    if (found || cents === null) return;
    try {
      await record.mutateAsync({
        sellerId: cash.seller_id,
        input: { amount_cents: cents, note: note.trim() || null, request_id: requestId.current },
      });
      toast.success(t.success, { description: `${sellerName}: ${formatUsd(cents)}` });
      onDone();
    } catch {
      // The server's sentence shows below; the same request key is sent again on retry.
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t.formTitle}
      className="grid gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-3"
    >
      <h3 className="font-semibold text-zinc-900">{t.formTitle}</h3>
      <Field id="handover-amount" label={t.amount} hint={t.amountHint} error={error}>
        <Input
          {...fieldControlProps('handover-amount', error, t.amountHint)}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </Field>
      {parts && last && (
        <p className="text-sm text-zinc-700" data-testid="handover-covers">
          {t.covers(parts.length, last.amountCents < last.receipt.heldCents)}
        </p>
      )}
      <Field id="handover-note" label={t.note}>
        <Textarea
          id="handover-note"
          value={note}
          maxLength={500}
          rows={2}
          placeholder={t.noteHint}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      {record.isError && <ErrorAlert>{errorMessage(record.error)}</ErrorAlert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" disabled={record.isPending} onClick={onDone}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={record.isPending}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
