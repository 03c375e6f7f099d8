import { formatDateTime } from '@domain/dates';
import { holdTimeText } from '@domain/hold-time';
import type { PublicRaffle } from '@domain/raffles';
import {
  CalendarClock,
  CreditCard,
  Gift,
  Landmark,
  type LucideIcon,
  Ticket,
  Timer,
  UserCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { SalesCountdown } from '@/components/sales-countdown';
import { salesClosed as salesClosedAt } from '../raffle-rules';
import { raffleDetailTexts } from '../texts';
import { ClosingExtensions } from './closing-extensions';
import { DeclaredSource } from './declared-source';

const t = raffleDetailTexts.hero;
const count = new Intl.NumberFormat('es-VE');

// A <dl> group may hold only its <dt> and <dd>: the icon lives in the term, placed beside the pair.
function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-9 min-w-0 pl-12">
      <dt className="text-xs font-medium text-zinc-500">
        <span className="absolute top-0 left-0 flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="text-sm font-medium text-zinc-900">{children}</dd>
    </div>
  );
}

/** What a buyer checks before trusting a raffle: numbers left, closing date, draw, payment type. */
export function RaffleFacts({ raffle, available }: { raffle: PublicRaffle; available: number }) {
  // Read on every render: the page re-renders at the closing date (useDeadlinePassed).
  const salesClosed = salesClosedAt(raffle);
  // Until the close job closed it, the closing date stays, its countdown saying "Ventas cerradas".
  const closedForGood = raffle.status === 'cerrada' || raffle.status === 'finalizada';
  const sold = raffle.stats.apartado + raffle.stats.abonado + raffle.stats.pagado;
  const taken = raffle.total_numbers - available;
  const percent = raffle.total_numbers ? Math.round((taken / raffle.total_numbers) * 100) : 0;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Fact icon={Ticket} label={t.numbers}>
        {salesClosed
          ? t.numbersSoldOf(count.format(sold), count.format(raffle.total_numbers))
          : t.numbersLeftOf(count.format(available), count.format(raffle.total_numbers))}
        <span
          aria-hidden
          className="mt-1.5 block h-1.5 w-full overflow-hidden rounded-full bg-zinc-200"
          title={`${percent}%`}
        >
          <span className="block h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </span>
      </Fact>
      <Fact icon={CalendarClock} label={t.closes}>
        {closedForGood ? (
          t.salesClosed
        ) : raffle.closing_date ? (
          <>
            {t.closingDate(formatDateTime(raffle.closing_date))}
            <SalesCountdown closingDate={raffle.closing_date} className="mt-1 flex" />
          </>
        ) : (
          t.noClosingDate
        )}
        <ClosingExtensions extensions={raffle.closing_extensions} />
      </Fact>
      <Fact icon={Landmark} label={t.draw}>
        <DeclaredSource raffle={raffle} />
      </Fact>
      <Fact icon={CreditCard} label={t.paymentType}>
        {raffle.payment_type === 'cuotas' ? t.installments(raffle.installments) : t.singlePayment}
      </Fact>
      {!salesClosed && (
        <>
          <Fact icon={Timer} label={t.holdTime}>
            {t.holdTimeValue(holdTimeText(raffle.reservation_minutes))}
          </Fact>
          <Fact icon={UserCheck} label={t.maxPerBuyer}>
            {t.maxPerBuyerValue(
              count.format(raffle.max_numbers_per_buyer),
              raffle.max_numbers_per_buyer === 1,
            )}
          </Fact>
          {raffle.instant_win_commitment && (
            <Fact icon={Gift} label={t.instantWins}>
              {t.instantWinsValue}
              <span className="mt-0.5 block font-mono text-xs break-all text-zinc-600">
                {raffle.instant_win_commitment}
              </span>
            </Fact>
          )}
        </>
      )}
    </dl>
  );
}
