import type { PublicRaffle } from '@domain/raffles';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { raffleKeys } from '@/api/raffles';
import { useServerClockOffset } from '@/lib/server-clock';

/** The close job runs every RAFFLE_CLOSE_SWEEP_SECONDS (20 s by default) after the closing date. */
const FIRST_READ_MS = 3_000;
const EVERY_MS = 10_000;
/** A close job that is down is not waited for forever: a reload reads the raffle again anyway. */
const GIVE_UP_MS = 10 * 60_000;
// setTimeout holds at most 2^31 - 1 ms (24.8 days); a later date is waited for in steps.
const MAX_WAIT_MS = 2_147_483_647;

/**
 * An open raffle page reads the raffle again a few seconds after its closing date, then every few
 * seconds until the close job has closed it: the answer then says `cerrada`, which brings the
 * "Ventas cerradas" banner and the published list without a reload (the live stream carries
 * ticket changes only, no status). After the draw, `useReadAgainAfterDraw` does the same.
 */
export function useReadAgainAfterClose(
  raffleId: string,
  raffle: Pick<PublicRaffle, 'status' | 'closing_date'> | undefined,
) {
  const queryClient = useQueryClient();
  const closingAt = raffle?.closing_date ? Date.parse(raffle.closing_date) : Number.NaN;
  const waiting = raffle?.status === 'activa' && !Number.isNaN(closingAt);
  // The closing date is the server's: waited for on this device's clock, minutes off on some phones.
  const offset = useServerClockOffset();

  useEffect(() => {
    if (!waiting) return;
    return readAgainAround([closingAt - offset], raffleId, queryClient, {
      first: FIRST_READ_MS,
      every: EVERY_MS,
      giveUp: GIVE_UP_MS,
    });
  }, [waiting, raffleId, closingAt, offset, queryClient]);
}

/**
 * Reads the raffle again `first` ms after each of `times` (earliest first, on this device's clock), then every `every` ms
 * until `giveUp` ms after it; a time long past is skipped, a far one waited for with one timer (no
 * requests meanwhile). Returns the cleanup.
 */
export function readAgainAround(
  times: number[],
  raffleId: string,
  queryClient: QueryClient,
  { first, every, giveUp }: { first: number; every: number; giveUp: number },
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (at: number) => {
    timer = setTimeout(tick, Math.min(Math.max(at - Date.now(), 0), MAX_WAIT_MS));
  };
  const due = (now: number) => times.find((time) => now - time <= giveUp);
  const tick = () => {
    const now = Date.now();
    const time = due(now);
    if (time === undefined) return;
    if (now < time + first) return schedule(time + first);
    void queryClient.invalidateQueries({ queryKey: raffleKeys.publicDetail(raffleId), exact: true });
    schedule(now + every);
  };
  // Opened after a time: the answer just read has nothing new yet, so the next read waits a round.
  const now = Date.now();
  const time = due(now);
  if (time !== undefined) schedule(now < time + first ? time + first : now + every);
  return () => clearTimeout(timer);
}
