import { padTicketNumber } from '@domain/tickets';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { answerLost, useCreateReservation } from '../api/create-reservation';
import { reservationProblem } from '../reservation-errors';
import type { ReservationResult } from '../reservation-result';
import { raffleDetailTexts } from '../texts';
import { forgetUnconfirmed, readUnconfirmed } from '../unconfirmed-reservation';

const t = raffleDetailTexts.unconfirmed;

type UnconfirmedNoticeProps = {
  raffleId: string;
  digitCount: number;
  onReserved: (result: ReservationResult) => void;
};

/**
 * After a reload, a reservation of this tab whose answer never came (decision 057): the buyer
 * confirms it with one tap, and the same request gets the order it made, or sells now if it never
 * arrived. Without it they found "their" numbers taken on the board.
 */
export function UnconfirmedNotice({ raffleId, digitCount, onReserved }: UnconfirmedNoticeProps) {
  const [pending, setPending] = useState(() => readUnconfirmed(raffleId));
  const [problem, setProblem] = useState<string | null>(null);
  const reserve = useCreateReservation();
  if (!pending) return null;
  const labels = pending.body.numbers.map((n) => padTicketNumber(n, digitCount));

  async function confirm() {
    if (!pending) return;
    setProblem(null);
    try {
      const { order } = await reserve.mutateAsync({ raffleId, body: pending.body });
      forgetUnconfirmed(raffleId);
      onReserved({ orderCode: order.code, visit: pending.visit });
    } catch (error) {
      const found = reservationProblem(error, digitCount);
      // Refused for good (taken, closed…): nothing of it is held, so it is not offered again.
      if (!answerLost(error)) forgetUnconfirmed(raffleId);
      setProblem(found.message ?? found.fields[0]?.message ?? null);
    }
  }

  const settled = problem !== null && readUnconfirmed(raffleId) === null;
  return (
    <section
      aria-labelledby="unconfirmed-title"
      data-testid="unconfirmed-reservation"
      className="grid gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <div className="flex gap-3">
        <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="grid gap-1">
          <h2 id="unconfirmed-title" className="font-semibold">
            {t.title}
          </h2>
          <p className="text-sm">{t.body(labels)}</p>
        </div>
      </div>
      {problem && (
        <p role="alert" className="rounded-lg bg-white/70 p-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {settled ? (
          <Button variant="secondary" onClick={() => setPending(null)}>
            {t.understood}
          </Button>
        ) : (
          <>
            <Button onClick={() => void confirm()} disabled={reserve.isPending}>
              {reserve.isPending ? t.confirming : t.confirm}
            </Button>
            <Button
              variant="ghost"
              disabled={reserve.isPending}
              onClick={() => {
                forgetUnconfirmed(raffleId);
                setPending(null);
              }}
            >
              {t.discard}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
