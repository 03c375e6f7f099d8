import { formatDateTime } from '@domain/dates';
import type { PublicRaffle } from '@domain/raffles';
import { padTicketNumber } from '@domain/tickets';
import { CheckCircle2, Plus, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { VesRate } from '@/lib/exchange-rates';
import { dueNowText, firstPaymentCents, installmentPlan, installmentsText } from '../installments';
import { priceText } from '../price';
import type { ReservationResult } from '../reservation-result';
import { raffleDetailTexts } from '../texts';
import { HowToPay } from './how-to-pay';
import { PrintableTicket } from './printable-ticket';
import { SendProofForm } from './send-proof-form';
import { ShareActions } from './share-actions';

const t = raffleDetailTexts.success;

type ReservationSuccessProps = {
  raffle: PublicRaffle;
  rate: VesRate;
  result: ReservationResult;
  onMore: () => void;
};

/** After reserving: the ticket, how to pay, the proof, sharing, and where to follow it up. */
export function ReservationSuccess({ raffle, rate, result, onMore }: ReservationSuccessProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [proofSent, setProofSent] = useState(result.proofSent);
  const totalCents = result.tickets.reduce((sum, ticket) => sum + ticket.remaining_cents, 0);
  const total = priceText(totalCents, rate);
  const plan = installmentPlan(raffle);
  const dueNowCents = result.tickets.reduce(
    (sum, ticket) => sum + firstPaymentCents(plan, ticket.remaining_cents),
    0,
  );
  const installments = plan && {
    plan: installmentsText(plan, rate),
    dueNow: dueNowText(plan, rate, result.tickets.length),
  };
  const list = result.tickets.map((ticket) => padTicketNumber(ticket.number, raffle.digit_count)).join(', ');
  const until = result.tickets[0]?.reserved_until;
  const numbers = t.numbersList(result.tickets.length, list);
  const shareText = t.shareText(raffle.name, numbers, total.label, until ? formatDateTime(until) : '');

  const paymentStatus = totalCents === 0 ? 'paid' : proofSent ? 'inReview' : 'reserved';

  // The success block replaces the board and starts the page: back to the top, so the check icon
  // and "Volver a las rifas" show whole instead of half under the sticky header; then the title
  // takes the focus without a second scroll.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section aria-labelledby="success-title" className="mx-auto grid w-full max-w-xl gap-5">
      <div className="grid justify-items-center gap-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckCircle2 aria-hidden className="size-8" />
        </span>
        <h2
          id="success-title"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-zinc-900 outline-none"
        >
          {t.title}
        </h2>
        <p className="text-sm text-zinc-600">{t.subtitle}</p>
      </div>

      <PrintableTicket
        raffle={raffle}
        result={result}
        total={total}
        installments={installments}
        paymentStatus={paymentStatus}
      />
      <ShareActions title={raffle.name} text={shareText} url={window.location.href} />

      <HowToPay
        accounts={raffle.payment_accounts}
        instructions={raffle.payment_instructions}
        method={result.paymentMethod}
        contactPhone={raffle.contact_phone}
        proofMessage={t.proofMessage(raffle.name, numbers, total.label)}
      />

      {totalCents > 0 && (
        <Card className="p-5">
          {result.proofSent ? (
            <p role="status" className="flex gap-3 text-sm text-green-900">
              <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-700" />
              {t.proofSent}
            </p>
          ) : (
            <SendProofForm
              tickets={result.tickets}
              digitCount={raffle.digit_count}
              paymentMethod={result.paymentMethod}
              cedula={result.cedula}
              amountFor={(ticket) => firstPaymentCents(plan, ticket.remaining_cents)}
              totalLabel={priceText(dueNowCents, rate).label}
              onSent={() => setProofSent(true)}
            />
          )}
        </Card>
      )}

      <Card className="grid gap-3 p-5">
        <p className="text-sm text-zinc-700">{t.trackingHint}</p>
        <Button asChild variant="secondary" size="lg">
          <Link to={paths.tracking.getHref()}>
            <Search aria-hidden />
            {t.tracking}
          </Link>
        </Button>
      </Card>

      <Button variant="ghost" size="lg" onClick={onMore}>
        <Plus aria-hidden />
        {t.more}
      </Button>
    </section>
  );
}
