import type { PublicRaffle } from '@domain/raffles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { raffleKeys } from '@/api/raffles';
import { useServerClockOffset } from '@/lib/server-clock';
import { readAgainAround } from './use-read-again-after-close';

/** After a draw's time its result comes from the beacon job or from staff typing the lottery's. */
const FIRST_READ_MS = 5_000;
const EVERY_MS = 15_000;
/** A result registered later than this shows on the next visit: the page never polls for long. */
const GIVE_UP_MS = 15 * 60_000;

type DrawnRaffle = Pick<PublicRaffle, 'id' | 'status' | 'draw_at' | 'winning_number' | 'prizes'>;

/**
 * A closed raffle's page reads the raffle again a few seconds after each pending draw's time, then
 * every 15 s for up to 15 minutes, until it is `finalizada` or every prize has a result: the winner
 * shows without a reload. A new result also refreshes the draw answer (the masked winner), which
 * would otherwise still say nobody won.
 */
export function useReadAgainAfterDraw(raffle: DrawnRaffle) {
  const queryClient = useQueryClient();
  const raffleId = raffle.id;
  // Strings, so an answer read again with nothing new neither restarts the wait nor reads the draw.
  const drawTimes = raffle.status === 'cerrada' ? pendingDrawTimes(raffle).join(',') : '';
  const results = `${raffle.status} ${raffle.winning_number} ${raffle.prizes.map((p) => p.drawn_at).join()}`;
  const seen = useRef(results);
  // The draw times are the server's: waited for on this device's clock, minutes off on some phones.
  const offset = useServerClockOffset();

  useEffect(() => {
    if (!drawTimes) return;
    const times = drawTimes.split(',').map((time) => Number(time) - offset);
    return readAgainAround(times, raffleId, queryClient, {
      first: FIRST_READ_MS,
      every: EVERY_MS,
      giveUp: GIVE_UP_MS,
    });
  }, [drawTimes, raffleId, offset, queryClient]);

  useEffect(() => {
    if (seen.current === results) return;
    seen.current = results;
    void queryClient.invalidateQueries({ queryKey: raffleKeys.draw(raffleId), exact: true });
  }, [results, raffleId, queryClient]);
}

/**
 * When the draws still without a result are due, earliest first: each prize's own time (a
 * pre-sorteo's date, its lottery's draw time, its drand round's time, or the raffle's), or the
 * raffle's draw time for an answer without prizes. Dates not given are not waited for.
 */
export function pendingDrawTimes(raffle: Omit<DrawnRaffle, 'id' | 'status'>): number[] {
  const dates =
    raffle.prizes.length > 0
      ? raffle.prizes
          .filter((prize) => prize.drawn_at === null)
          .map(
            (prize) =>
              prize.pre_draw_at ?? prize.source.draw_at ?? prize.source.beacon?.time ?? raffle.draw_at,
          )
      : raffle.winning_number === null
        ? [raffle.draw_at]
        : [];
  const times = dates.flatMap((date) => (date ? [Date.parse(date)] : [])).filter((t) => !Number.isNaN(t));
  return [...new Set(times)].sort((a, b) => a - b);
}
