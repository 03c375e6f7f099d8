import type { SellerRankingRow } from '@domain/commissions';
import { parseMoneyToCents } from '@domain/money';
import { Percent } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { errorMessage } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSetCommission } from '../api/sellers';
import { commissionsTexts } from '../texts';

type Kind = 'percent' | 'per_number';

/** Up to 2 decimals, 0 to 100, with a comma or a point ("12,5"). */
function parsePercent(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalized)) return null;
  const value = Number(normalized);
  return value >= 0 && value <= 100 ? value : null;
}

/** The seller's commission in one raffle: a percent of approved money or a fixed amount per paid number. */
export function TermsDialog({
  raffleId,
  seller,
  compact = false,
}: {
  raffleId: string;
  seller: SellerRankingRow;
  /** The trigger shows its icon only (the desktop table). */
  compact?: boolean;
}) {
  const t = commissionsTexts.terms;
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>('percent');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSetCommission();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      const perNumber = seller.per_number_cents !== null;
      setKind(perNumber ? 'per_number' : 'percent');
      setValue(
        perNumber
          ? ((seller.per_number_cents ?? 0) / 100).toFixed(2).replace('.', ',')
          : seller.percent === null
            ? ''
            : String(seller.percent).replace('.', ','),
      );
      setError(undefined);
      save.reset();
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const percent = kind === 'percent' ? parsePercent(value) : null;
    const cents = kind === 'per_number' ? parseMoneyToCents(value) : null;
    if (
      (kind === 'percent' && percent === null) ||
      (kind === 'per_number' && (cents === null || cents < 0))
    ) {
      setError(t.invalid);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({
        raffleId,
        input:
          kind === 'percent'
            ? { seller_id: seller.seller_id, percent: percent ?? 0 }
            : { seller_id: seller.seller_id, per_number_cents: cents ?? 0 },
      });
      toast.success(t.success);
      setOpen(false);
    } catch {
      // The server's sentence shows in the dialog.
    }
  }

  const label = kind === 'percent' ? t.percentLabel : t.perNumberLabel;
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${t.title}: ${seller.seller_name}`}
          title={compact ? t.title : undefined}
        >
          <Percent aria-hidden />
          <span className={compact ? 'hidden 2xl:inline' : undefined}>{t.button}</span>
        </Button>
      }
      title={t.title}
      description={t.description(seller.seller_name || seller.seller_email)}
      actionLabel={t.submit}
      pending={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onSubmit={onSubmit}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-zinc-900">{t.kind}</legend>
        {(['percent', 'per_number'] as const).map((k) => (
          <label key={k} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="commission-kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              className="size-4 accent-brand-600"
            />
            {k === 'percent' ? t.percent : t.perNumber}
          </label>
        ))}
      </fieldset>
      <Field id="commission-value" label={label} error={error}>
        <Input
          {...fieldControlProps('commission-value', error)}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
    </ActionDialog>
  );
}
