import { type PaymentAccountView, paymentAccountLines } from '@domain/payment-accounts';
import { type PaymentMethod, paymentMethodLabels } from '@domain/reservations';
import { CopyButton } from '@/components/copy-button';
import { reservationTexts } from '../reservation-texts';

const t = reservationTexts.success;

type PaymentAccountsProps = {
  accounts: PaymentAccountView[];
  /** The method the buyer chose: its accounts come first, marked. */
  method: PaymentMethod;
};

/** The organizer's accounts, each value with its own copy button (what a bank app asks for). */
export function PaymentAccounts({ accounts, method }: PaymentAccountsProps) {
  if (accounts.length === 0) return null;
  // A stable sort: the chosen method's accounts first, the rest in the organizer's order.
  const ordered = [...accounts].sort((a, b) => Number(b.method === method) - Number(a.method === method));
  return (
    <section aria-labelledby="payment-accounts-title" className="grid gap-2" data-testid="payment-accounts">
      <div className="grid gap-0.5">
        <h4 id="payment-accounts-title" className="text-sm font-semibold text-zinc-900">
          {t.accounts}
        </h4>
        <p className="text-xs text-zinc-600">{t.accountsHint}</p>
      </div>
      <ul className="grid gap-3">
        {ordered.map((account, index) => {
          const title = paymentMethodLabels[account.method];
          return (
            // Accounts have no id and do not move while shown: the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="rounded-lg border border-brand-100 bg-brand-50/60 p-3">
              <p className="mb-2 flex flex-wrap items-center gap-2 text-sm font-semibold text-zinc-900">
                {title}
                {account.method === method && (
                  <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-medium text-white">
                    {t.chosenMethod}
                  </span>
                )}
              </p>
              <dl className="grid gap-2">
                {paymentAccountLines(account).map((line) => (
                  <div key={line.field} className="flex items-center justify-between gap-3">
                    <div className="grid min-w-0 gap-0.5">
                      <dt className="text-xs text-zinc-600">{line.label}</dt>
                      <dd className="font-medium break-words text-zinc-900 select-all tabular-nums">
                        {line.value}
                      </dd>
                    </div>
                    <CopyButton value={line.copy} what={`${line.label} (${title})`} />
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
