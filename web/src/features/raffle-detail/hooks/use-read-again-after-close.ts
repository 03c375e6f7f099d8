import type { PublicRaffle } from '@domain/raffles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { raffleKeys } from '@/api/raffles';

/** The close job runs every RAFFLE_CLOSE_SWEEP_SECONDS (20 s by default) after the closing date. */
const FIRST_READ_MS = 3_000;
const EVERY_MS = 10_000;
/** A close job that is down is not waited for forever: a reload reads the raffle again anyway. */
const GIVE_UP_MS = 10 * 60_000;
// setTimeout holds at most 2^31 - 1 ms (24.8 days); a later closing date is waited for in steps.
const MAX_WAIT_MS = 2_147_483_647;

/**
 * An open raffle page reads the raffle again a few seconds after its closing date, then every few
 * seconds until the close job has closed it: the answer then says `cerrada`, which brings the
 * "Ventas cerradas" banner and the published list without a reload (the live stream carries
 * ticket changes only, no status).
 */
export function useReadAgainAfterClose(
  raffleId: string,
  raffle: Pick<PublicRaffle, 'status' | 'closing_date'> | undefined,
) {
  const queryClient = useQueryClient();
  const closingAt = raffle?.closing_date ? Date.parse(raffle.closing_date) : Number.NaN;
  const waiting = raffle?.status === 'activa' && !Number.isNaN(closingAt);

  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (at: number) => {
      timer = setTimeout(tick, Math.min(Math.max(at - Date.now(), 0), MAX_WAIT_MS));
    };
    const firstRead = closingAt + FIRST_READ_MS;
    const tick = () => {
      const now = Date.now();
      if (now < firstRead) return schedule(firstRead);
      if (now - closingAt > GIVE_UP_MS) return;
      void queryClient.invalidateQueries({ queryKey: raffleKeys.publicDetail(raffleId), exact: true });
      schedule(now + EVERY_MS);
    };
    // Opened after the closing date: the answer just read says activa, so the next read waits a round.
    schedule(Date.now() < firstRead ? firstRead : Date.now() + EVERY_MS);
    return () => clearTimeout(timer);
  }, [waiting, raffleId, closingAt, queryClient]);
}
