import type { SellerRankingRow } from '@domain/commissions';
import { formatUsd, parseMoneyToCents } from '@domain/money';
import { caracasDate } from '@domain/rates';
import { HandCoins } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { errorMessage } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { newRequestId } from '@/lib/request-id';
import { useRecordPayout } from '../api/sellers';
import { commissionsTexts } from '../texts';

type Errors = { amount?: string; method?: string };

/** "Registrar pago de comisión": amount (never beyond what is owed), method, reference, date. */
/** `compact`: the trigger shows its icon only (the desktop table), its name stays for screen readers and on hover. */
export function PayoutDialog({ seller, compact = false }: { seller: SellerRankingRow; compact?: boolean }) {
  const t = commissionsTexts.payout;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(caracasDate());
  const [errors, setErrors] = useState<Errors>({});
  const record = useRecordPayout();
  // One key per opening of the dialog: a double tap or a retry records one payout, not two.
  const requestId = useRef(newRequestId());
  const owed = Math.max(0, seller.balance_cents);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      requestId.current = newRequestId();
      setAmount(owed > 0 ? (owed / 100).toFixed(2).replace('.', ',') : '');
      setMethod('');
      setReference('');
      setPaidOn(caracasDate());
      setErrors({});
      record.reset();
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cents = parseMoneyToCents(amount);
    const found: Errors = {};
    if (cents === null || cents <= 0) found.amount = t.amountInvalid;
    else if (cents > owed) found.amount = t.amountTooHigh;
    if (!method.trim()) found.method = t.methodRequired;
    setErrors(found);
    if (found.amount || found.method || cents === null) return;
    try {
      await record.mutateAsync({
        sellerId: seller.seller_id,
        input: {
          amount_cents: cents,
          method: method.trim(),
          reference: reference.trim() || null,
          paid_on: paidOn || null,
          request_id: requestId.current,
        },
      });
      toast.success(t.success, { description: `${seller.seller_name}: ${formatUsd(cents)}` });
      setOpen(false);
    } catch {
      // The dialog shows the server's sentence below and stays open.
    }
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button
          variant="secondary"
          size="sm"
          disabled={owed <= 0}
          aria-label={`${t.button}: ${seller.seller_name}`}
          title={compact ? t.button : undefined}
        >
          <HandCoins aria-hidden />
          <span className={compact ? 'hidden 2xl:inline' : undefined}>{t.short}</span>
        </Button>
      }
      title={t.title}
      description={t.description(seller.seller_name || seller.seller_email, formatUsd(owed))}
      actionLabel={t.submit}
      pending={record.isPending}
      error={record.isError ? errorMessage(record.error) : null}
      onSubmit={onSubmit}
    >
      <div className="grid gap-3">
        <Field id="payout-amount" label={t.amount} hint={t.amountHint} error={errors.amount}>
          <Input
            {...fieldControlProps('payout-amount', errors.amount, t.amountHint)}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field id="payout-method" label={t.method} hint={t.methodHint} error={errors.method}>
          <Input
            {...fieldControlProps('payout-method', errors.method, t.methodHint)}
            value={method}
            maxLength={60}
            onChange={(e) => setMethod(e.target.value)}
          />
        </Field>
        <Field id="payout-reference" label={t.reference}>
          <Input
            id="payout-reference"
            value={reference}
            maxLength={120}
            onChange={(e) => setReference(e.target.value)}
          />
        </Field>
        <Field id="payout-date" label={t.paidOn}>
          <Input
            id="payout-date"
            type="date"
            value={paidOn}
            max={caracasDate()}
            onChange={(e) => setPaidOn(e.target.value)}
          />
        </Field>
      </div>
    </ActionDialog>
  );
}
