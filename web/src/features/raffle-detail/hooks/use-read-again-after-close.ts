import type { PublicRaffle } from '@domain/raffles';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { raffleKeys } from '@/api/raffles';

/** The close job runs every RAFFLE_CLOSE_SWEEP_SECONDS (20 s by default) after the closing date. */
const FIRST_READ_MS = 3_000;
const EVERY_MS = 10_000;
/** A close job that is down is not waited for forever: a reload reads the raffle again anyway. */
const GIVE_UP_MS = 10 * 60_000;
/** After a draw's time its result comes from the beacon job or from staff typing the lottery's. */
const DRAW_FIRST_READ_MS = 5_000;
const DRAW_EVERY_MS = 15_000;
/** A result registered later than this shows on the next visit: the page never polls for long. */
const DRAW_GIVE_UP_MS = 15 * 60_000;
// setTimeout holds at most 2^31 - 1 ms (24.8 days); a later date is waited for in steps.
const MAX_WAIT_MS = 2_147_483_647;

type ReadAgainRaffle = Pick<
  PublicRaffle,
  'status' | 'closing_date' | 'draw_at' | 'winning_number' | 'prizes'
>;

/**
 * An open raffle page reads the raffle again a few seconds after its closing date, then every few
 * seconds until the close job has closed it: the answer then says `cerrada`, which brings the
 * "Ventas cerradas" banner and the published list without a reload (the live stream carries
 * ticket changes only, no status). Once closed, it does the same after each draw's time, for a
 * while, so the winners show without a reload too.
 */
export function useReadAgainAfterClose(raffleId: string, raffle: ReadAgainRaffle | undefined) {
  const queryClient = useQueryClient();
  const closingAt = raffle?.closing_date ? Date.parse(raffle.closing_date) : Number.NaN;
  const waiting = raffle?.status === 'activa' && !Number.isNaN(closingAt);
  // A string, so an answer read again with nothing new does not restart the wait.
  const drawTimes = raffle?.status === 'cerrada' ? pendingDrawTimes(raffle).join(',') : '';

  useEffect(() => {
    if (!waiting) return;
    return readAgainAround([closingAt], raffleId, queryClient, {
      first: FIRST_READ_MS,
      every: EVERY_MS,
      giveUp: GIVE_UP_MS,
    });
  }, [waiting, raffleId, closingAt, queryClient]);

  useEffect(() => {
    if (!drawTimes) return;
    return readAgainAround(drawTimes.split(',').map(Number), raffleId, queryClient, {
      first: DRAW_FIRST_READ_MS,
      every: DRAW_EVERY_MS,
      giveUp: DRAW_GIVE_UP_MS,
    });
  }, [drawTimes, raffleId, queryClient]);
}

/**
 * When the draws still without a result are due, earliest first: each prize's own time (a
 * pre-sorteo's date, its source's draw time, or the raffle's), or the raffle's draw time for a
 * raffle answer without prizes. Dates not given are not waited for.
 */
export function pendingDrawTimes(raffle: ReadAgainRaffle): number[] {
  const dates =
    raffle.prizes.length > 0
      ? raffle.prizes
          .filter((prize) => prize.drawn_at === null)
          .map((prize) => prize.pre_draw_at ?? prize.source.draw_at ?? raffle.draw_at)
      : raffle.winning_number === null
        ? [raffle.draw_at]
        : [];
  const times = dates.flatMap((date) => (date ? [Date.parse(date)] : [])).filter((t) => !Number.isNaN(t));
  return [...new Set(times)].sort((a, b) => a - b);
}

/**
 * Reads the raffle again `first` ms after each of `times`, then every `every` ms until `giveUp` ms
 * after it; a time long past is skipped, a far one waited for with one timer (no requests meanwhile).
 * Returns the cleanup.
 */
function readAgainAround(
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
