import { cn } from '@/lib/cn';
import type { AmountCurrency } from '../order-payment-schema';
import { orderPaymentTexts } from '../order-texts';

const t = orderPaymentTexts;
const OPTIONS: { value: AmountCurrency; label: string }[] = [
  { value: 'VES', label: t.ves },
  { value: 'USD', label: t.usd },
];

type CurrencyToggleProps = {
  value: AmountCurrency;
  onChange: (next: AmountCurrency) => void;
  vesDisabled: boolean;
};

/** Bs or USD for the amount: two large buttons, the chosen one pressed (not colour alone: aria-pressed and a check). */
export function CurrencyToggle({ value, onChange, vesDisabled }: CurrencyToggleProps) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-zinc-900">{t.currency}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1">
        {OPTIONS.map((option) => {
          const active = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={active}
              disabled={option.value === 'VES' && vesDisabled}
              onClick={() => onChange(option.value)}
              className={cn(
                'min-h-10 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50',
                active ? 'bg-white text-brand-800 shadow-sm' : 'text-zinc-700 hover:text-zinc-900',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
