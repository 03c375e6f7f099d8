import { holdTimeText } from '@domain/hold-time';
import type { PublicRaffle } from '@domain/raffles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { raffleKeys } from '@/api/raffles';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useProofUpload } from '@/hooks/use-proof-upload';
import type { VesRate } from '@/lib/exchange-rates';
import { newRequestId } from '@/lib/request-id';
import { answerLost, useCreateReservation } from '../api/create-reservation';
import { type CheckoutFormInput, type CheckoutFormOutput, checkoutFormSchema } from '../checkout-schema';
import { installmentPlan } from '../installments';
import { forgetCheckout, keepCheckout, readKeptCheckout } from '../kept-checkout';
import { selectionPrice } from '../package-offer';
import { priceText } from '../price';
import { reservationProblem } from '../reservation-errors';
import type { ReservationResult } from '../reservation-result';
import { reservationTexts } from '../reservation-texts';
import { useRaffleStore } from '../store/raffle-store';
import { forgetUnconfirmed, rememberUnconfirmed } from '../unconfirmed-reservation';
import { CheckoutForm } from './checkout-form';

const count = new Intl.NumberFormat('es-VE');

const t = reservationTexts.checkout;

/**
 * What the buyer agreed to: for how many numbers, the total in cents and as the sheet showed it, and
 * in how many cuotas (1: a single payment).
 */
type AgreedPrice = { count: number; totalCents: number; label: string; cuotas: number };

type CheckoutDialogProps = {
  raffle: PublicRaffle;
  rate: VesRate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReserved: (result: ReservationResult) => void;
};

/**
 * The form lives here, above the dialog's content, so closing the sheet (to pick another number
 * after a conflict, say) keeps what the buyer typed.
 */
export function CheckoutDialog({ raffle, rate, open, onOpenChange, onReserved }: CheckoutDialogProps) {
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormOutput>({
    resolver: zodResolver(checkoutFormSchema),
    // What this tab typed before a reload (the phone discarded it while the buyer was away).
    defaultValues: readKeptCheckout(),
  });
  useEffect(() => {
    const subscription = form.watch((values) => keepCheckout(values));
    return () => subscription.unsubscribe();
  }, [form]);
  const proof = useProofUpload();
  const reserve = useCreateReservation();
  const [problem, setProblem] = useState<{ message: string; taken: number[] } | null>(null);
  // The set the buyer agreed to. When numbers drop out of it (a 409, or taken live while they
  // type), the next submit waits until they confirm the smaller set and its total.
  const [confirmed, setConfirmed] = useState<number[]>([]);
  const selection = useRaffleStore((s) => s.selection);
  const removed = confirmed.filter((n) => !selection.includes(n));
  // The total the buyer last agreed to for this many numbers, as it was shown (its bolívares at the
  // rate of then). The raffle is read again when the sheet opens and when it changes live (decision
  // 089): a new price for the same numbers must be confirmed too, so nothing is sold at a total the
  // buyer tapped before they saw it.
  const totalCents = selectionPrice(raffle, selection.length).totalCents;
  const totalLabel = priceText(totalCents, rate).label;
  // Cuotas can change only before a raffle's first sale, but a buyer may be in this sheet then.
  const cuotas = installmentPlan(raffle)?.count ?? 1;
  const [agreedPrice, setAgreedPrice] = useState<AgreedPrice | null>(null);
  const agreeNow = () => setAgreedPrice({ count: selection.length, totalCents, label: totalLabel, cuotas });
  useEffect(() => {
    setAgreedPrice((agreed) =>
      !open
        ? null
        : agreed?.count === selection.length
          ? agreed
          : { count: selection.length, totalCents, label: totalLabel, cuotas },
    );
  }, [open, selection.length, totalCents, totalLabel, cuotas]);
  const termsBefore =
    open &&
    selection.length > 0 &&
    agreedPrice?.count === selection.length &&
    (agreedPrice.totalCents !== totalCents || agreedPrice.cuotas !== cuotas)
      ? {
          label: agreedPrice.totalCents === totalCents ? null : agreedPrice.label,
          cuotas: agreedPrice.cuotas === cuotas ? null : agreedPrice.cuotas,
        }
      : null;
  const needsConfirm = (removed.length > 0 && selection.length > 0) || termsBefore !== null;
  // One key per request: the buyer's next tap on the same numbers (after a lost answer) sends it
  // again, so the server answers their own order instead of "taken" (decision 057).
  const requestKey = useRef<{ sending: string; id: string } | null>(null);

  // A conflict message belongs to the attempt it explains; reopening starts a new attempt.
  useEffect(() => {
    if (!open) return;
    setProblem(null);
    setConfirmed(useRaffleStore.getState().selection);
  }, [open]);

  // The page may have been open for hours (raffles stay fresh 5 minutes, SPEC 7): the sheet reads the
  // raffle again (a 304 when nothing changed), so the total it shows is today's price, not a refusal
  // (PRICES_CHANGED) after the buyer typed everything.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (open)
      void queryClient.invalidateQueries({ queryKey: raffleKeys.publicDetail(raffle.id), exact: true });
  }, [open, raffle.id, queryClient]);

  // While the sheet is open the board is hidden: live changes are told here, not in toasts.
  useEffect(() => {
    useRaffleStore.getState().setCheckingOut(open);
    return () => useRaffleStore.getState().setCheckingOut(false);
  }, [open]);

  async function onSubmit(values: CheckoutFormOutput) {
    const store = useRaffleStore.getState();
    const numbers = store.selection;
    if (numbers.length === 0 || proof.unsettled || needsConfirm) return;
    setProblem(null);
    const before = store.ownNumbers;
    store.setOwnNumbers([...before, ...numbers]);
    const sending = `${[...numbers].sort((a, b) => a - b).join(',')}|${values.buyer.cedula}`;
    if (requestKey.current?.sending !== sending) requestKey.current = { sending, id: newRequestId() };
    const body = {
      numbers,
      buyer: values.buyer,
      payment_method: values.payment_method,
      payment_proof: proof.fileUrl ?? undefined,
      request_id: requestKey.current.id,
      // The total on the buyer's screen: if the price changed meanwhile the server refuses
      // (PRICES_CHANGED) and the refetched raffle asks them to confirm the new total.
      total_cents: selectionPrice(raffle, numbers.length).totalCents,
    };
    const visit = {
      cedula: values.buyer.cedula,
      buyerName: values.buyer.name,
      paymentMethod: values.payment_method,
      fresh: true,
    };
    try {
      const { order } = await reserve.mutateAsync({ raffleId: raffle.id, body });
      requestKey.current = null;
      forgetUnconfirmed(raffle.id);
      forgetCheckout();
      useRaffleStore.getState().clearSelection();
      onReserved({ orderCode: order.code, visit });
      proof.clear();
      onOpenChange(false);
    } catch (error) {
      // With no answer the numbers may be this buyer's already: the board must not drop them as
      // "taken by someone else" before their next tap asks (decision 057).
      // Kept for this tab too, so a reload can still confirm it (unconfirmed-reservation.ts).
      if (answerLost(error)) rememberUnconfirmed(raffle.id, { body, visit });
      else {
        useRaffleStore.getState().setOwnNumbers(before);
        forgetUnconfirmed(raffle.id);
      }
      const found = reservationProblem(error, raffle.digit_count);
      if (found.taken.length > 0) useRaffleStore.getState().deselect(found.taken);
      for (const field of found.fields) {
        form.setError(field.path as 'buyer.name', { message: field.message }, { shouldFocus: true });
      }
      // Reported once, in the sheet: a toast here would cover the fields it is about.
      if (found.message) setProblem({ message: found.message, taken: found.taken });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="checkout-description" className="gap-5 pb-0 sm:pb-0">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription id="checkout-description">
            {t.description}{' '}
            {t.holdAndCap(
              holdTimeText(raffle.reservation_minutes),
              `${count.format(raffle.max_numbers_per_buyer)} ${raffle.max_numbers_per_buyer === 1 ? 'número' : 'números'}`,
            )}
          </DialogDescription>
        </DialogHeader>
        <CheckoutForm
          raffle={raffle}
          rate={rate}
          form={form}
          proof={proof}
          problem={problem}
          removed={needsConfirm ? removed : []}
          onConfirmNewSet={() => {
            // The smaller set's question showed its total at today's price: that is agreed too.
            setConfirmed(selection);
            agreeNow();
            setProblem(null);
          }}
          termsBefore={termsBefore}
          onConfirmTerms={() => {
            agreeNow();
            setProblem(null);
          }}
          sending={reserve.isPending}
          onSubmit={form.handleSubmit(onSubmit)}
          onBack={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
