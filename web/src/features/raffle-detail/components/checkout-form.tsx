import { formatUsd } from '@domain/money';
import type { PublicRaffle } from '@domain/raffles';
import { padTicketNumber } from '@domain/tickets';
import { AlertTriangle, ArrowLeft, Lock } from 'lucide-react';
import { type FormEventHandler, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ProofUpload } from '@/components/proof-upload';
import { Button } from '@/components/ui/button';
import type { ProofUpload as ProofUploadState } from '@/hooks/use-proof-upload';
import type { VesRate } from '@/lib/exchange-rates';
import type { CheckoutFormInput, CheckoutFormOutput } from '../checkout-schema';
import { dueNowText, installmentPlan, installmentsText } from '../installments';
import { firstCuotasCents, selectionPrice } from '../package-offer';
import { priceText } from '../price';
import { reservationTexts } from '../reservation-texts';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';
import { CheckoutFields } from './checkout-fields';

const t = reservationTexts.checkout;
const packageTexts = raffleDetailTexts.packages;

type CheckoutFormProps = {
  raffle: PublicRaffle;
  rate: VesRate;
  form: UseFormReturn<CheckoutFormInput, unknown, CheckoutFormOutput>;
  proof: ProofUploadState;
  problem: { message: string; taken: number[] } | null;
  /** Numbers that dropped out of the set the buyer agreed to; non-empty until they confirm. */
  removed: number[];
  onConfirmNewSet: () => void;
  /**
   * What the buyer agreed to when the raffle's terms changed since, null once they confirm: its total
   * as shown then (null if the total is the same) and its number of cuotas (null if the same; 1 is a
   * single payment).
   */
  termsBefore: { label: string | null; cuotas: number | null } | null;
  onConfirmTerms: () => void;
  sending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
};

export function CheckoutForm({
  raffle,
  rate,
  form,
  proof,
  problem,
  removed,
  onConfirmNewSet,
  termsBefore,
  onConfirmTerms,
  sending,
  onSubmit,
  onBack,
}: CheckoutFormProps) {
  const selection = useRaffleStore((s) => s.selection);
  // The cheapest combination of the raffle's packages for this count: what the server will charge.
  const price = selectionPrice(raffle, selection.length);
  const total = priceText(price.totalCents, rate);
  const empty = selection.length === 0;
  const toConfirm = removed.length > 0 || termsBefore !== null;
  const plan = installmentPlan(raffle);
  // In cuotas the button says what is paid today (the first cuota of each number), not the full price.
  const today = plan
    ? priceText(firstCuotasCents(price.totalCents, selection.length, plan.count), rate).label
    : null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={sending || undefined}>
      <div className="grid gap-2 rounded-xl border border-brand-100 bg-brand-50 p-3">
        <p className="text-xs font-medium text-brand-800">{t.numbers}</p>
        {empty ? (
          <p className="text-sm text-zinc-700">{t.noNumbers}</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label={t.numbers}>
            {selection.map((n) => (
              <li
                key={n}
                className="rounded-md bg-brand-700 px-2 py-1 text-sm font-semibold text-white tabular-nums"
              >
                {padTicketNumber(n, raffle.digit_count)}
              </li>
            ))}
          </ul>
        )}
        <p className="flex items-baseline justify-between gap-2 border-t border-brand-100 pt-2 text-sm">
          <span className="text-zinc-700">{t.total}</span>
          <span className="text-right font-bold text-zinc-900">{total.label}</span>
        </p>
        {price.savingCents > 0 && (
          <p className="flex items-baseline justify-between gap-2 text-sm" data-testid="checkout-saving">
            <span className="text-zinc-700">{packageTexts.breakdown(price.uses, price.singles)}</span>
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-right font-semibold text-green-800">
              {packageTexts.saving(formatUsd(price.savingCents))}
            </span>
          </p>
        )}
        {plan && !empty && (
          <div className="grid gap-0.5 text-sm" data-testid="checkout-installments">
            <p className="font-semibold text-brand-800">{installmentsText(plan, rate)}</p>
            {/* Per number at the single price: with a package the button says what is paid today. */}
            {price.savingCents === 0 && (
              <p className="text-zinc-700">{dueNowText(plan, rate, selection.length)}</p>
            )}
          </div>
        )}
      </div>

      {problem && !toConfirm && (
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p className="font-medium">{problem.message}</p>
        </div>
      )}

      <CheckoutFields form={form} />
      <ProofUpload id="payment-proof" label={t.proof} hint={t.proofHint} upload={proof} />

      <p className="flex gap-2 text-xs text-zinc-500">
        <Lock aria-hidden className="size-4 shrink-0" />
        {t.privacy}
      </p>

      <div className="sticky bottom-0 -mx-5 grid gap-3 border-t border-zinc-200 bg-white px-5 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:-mx-6 sm:px-6">
        {removed.length > 0 ? (
          <ChangeToConfirm
            testId="checkout-changed"
            title={t.changedTitle}
            lines={[
              t.removed(removed.map((n) => padTicketNumber(n, raffle.digit_count))),
              t.newSet(selection.length, total.label),
            ]}
            confirmLabel={t.confirmNewSet}
            onConfirm={onConfirmNewSet}
          />
        ) : (
          termsBefore !== null && (
            <ChangeToConfirm
              testId="checkout-price-changed"
              title={termsBefore.label === null ? t.planChangedTitle : t.priceChangedTitle}
              lines={[
                ...(termsBefore.cuotas === null ? [] : [t.planNow(plan?.count ?? 1, termsBefore.cuotas)]),
                termsBefore.label === null
                  ? t.shallWeContinue
                  : t.priceNow(selection.length, total.label, termsBefore.label),
              ]}
              confirmLabel={termsBefore.label === null ? t.confirmNewPlan : t.confirmNewPrice}
              onConfirm={onConfirmTerms}
            />
          )
        )}
        {/* Nothing left to reserve (every number was taken, a 409): the next step is the board, not a
            disabled "Apartar 0 números — $0,00". */}
        {empty && !sending ? (
          <BackToBoard refused={Boolean(problem)} onBack={onBack} />
        ) : (
          <Button
            type="submit"
            size="lg"
            className="h-auto min-h-12 w-full py-2 whitespace-normal"
            loading={sending}
            disabled={empty || proof.unsettled || toConfirm}
          >
            {sending ? (
              t.sending
            ) : (
              <span>
                {today ? (
                  t.reserveAndPay(selection.length, today)
                ) : (
                  <>
                    {raffleDetailTexts.selection.reserve(selection.length)} —{' '}
                    <span className="whitespace-nowrap">{total.label}</span>
                  </>
                )}
              </span>
            )}
          </Button>
        )}
      </div>
    </form>
  );
}

type ChangeToConfirmProps = {
  testId: string;
  title: string;
  lines: string[];
  confirmLabel: string;
  onConfirm: () => void;
};

/**
 * What the buyer agreed to changed: numbers dropped out of their set (a 409, or taken live while they
 * typed), or the raffle's price changed. It sits in the sticky footer, right above the disabled
 * submit, where the thumb already is: a quick second tap lands on nothing, and the question is in view
 * however far the form is scrolled.
 */
function ChangeToConfirm({ testId, title, lines, confirmLabel, onConfirm }: ChangeToConfirmProps) {
  const confirm = useRef<HTMLButtonElement>(null);
  // After a 409 the focus was on the submit button, now disabled: bring it to the question. A buyer
  // typing in a field when a number is taken live keeps their focus.
  useEffect(() => {
    const active = document.activeElement;
    if (!active?.matches('input, select, textarea')) confirm.current?.focus();
  }, []);
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid={testId}
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="size-5 shrink-0" />
        {title}
      </p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <Button ref={confirm} size="sm" className="w-full sm:w-fit" onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}

/**
 * The sheet's one step when no number is left. After a refusal the focus was on the submit button,
 * gone now: it moves here, unless the buyer is typing in a field.
 */
function BackToBoard({ refused, onBack }: { refused: boolean; onBack: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refused && !document.activeElement?.matches('input, select, textarea')) button.current?.focus();
  }, [refused]);
  return (
    <Button ref={button} type="button" size="lg" className="h-auto min-h-12 w-full py-2" onClick={onBack}>
      <ArrowLeft aria-hidden />
      {t.backToBoard}
    </Button>
  );
}
