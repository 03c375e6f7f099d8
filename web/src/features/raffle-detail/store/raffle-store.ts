import type { PublicRaffle } from '@domain/raffles';
import type { Board, TicketEvent } from '@domain/reservations';
import { create } from 'zustand';
import { readUnconfirmed } from '../unconfirmed-reservation';
import { type BoardState, boardFromSnapshot, statusOf, withEvent } from './board-state';
import { keepSelection, readKeptSelection } from './kept-selection';

const FLASH_MS = 1600;
const HIGHLIGHT_MS = 2500;

/**
 * The raffle data store (SPEC 4): the current raffle, the live board ("tickets") per raffle,
 * loading and error, plus what the visitor is choosing on this screen.
 */
type RaffleStore = {
  currentRaffle: PublicRaffle | null;
  boards: Record<string, BoardState>;
  loading: boolean;
  error: string | null;
  /** The visitor's chosen numbers, for `selectionRaffleId`. */
  selection: number[];
  selectionRaffleId: string | null;
  /** Numbers this visitor is reserving or just reserved: their live updates are not "someone else". */
  ownNumbers: number[];
  /** The checkout sheet is open: live changes to the selection are shown there, not as toasts. */
  checkingOut: boolean;
  /** Numbers that just changed (brief animation). */
  flashes: Record<number, true>;
  /** The number to scroll to and mark; `seq` makes a second jump to the same number count. */
  highlighted: { number: number; seq: number } | null;

  setCurrentRaffle: (raffle: PublicRaffle | null) => void;
  setStatus: (status: { loading: boolean; error: string | null }) => void;
  /** Loads a snapshot; returns chosen numbers that are no longer available (now deselected). */
  loadBoard: (raffleId: string, board: Board) => number[];
  /** Applies a live event; returns whether it changed the board. */
  applyEvent: (raffleId: string, event: TicketEvent) => boolean;
  toggle: (number: number) => void;
  select: (numbers: number[]) => void;
  deselect: (numbers: number[]) => void;
  clearSelection: () => void;
  setOwnNumbers: (numbers: number[]) => void;
  setCheckingOut: (open: boolean) => void;
  flash: (number: number) => void;
  highlight: (number: number) => void;
};

/**
 * What this tab chose on the raffle before a reload, less what the board already shows taken and
 * what an unconfirmed reservation sent (its own notice offers those, decision 057).
 */
function restoredSelection(raffleId: string, board: BoardState | undefined): number[] {
  const sent = readUnconfirmed(raffleId)?.body.numbers ?? [];
  return readKeptSelection(raffleId).filter(
    (n) => !sent.includes(n) && (!board || statusOf(board, n) === 'disponible'),
  );
}

export const useRaffleStore = create<RaffleStore>()((set, get) => ({
  currentRaffle: null,
  boards: {},
  loading: false,
  error: null,
  selection: [],
  selectionRaffleId: null,
  ownNumbers: [],
  checkingOut: false,
  flashes: {},
  highlighted: null,

  setCurrentRaffle: (raffle) =>
    set((s) =>
      raffle && s.selectionRaffleId !== raffle.id
        ? {
            currentRaffle: raffle,
            selection: restoredSelection(raffle.id, s.boards[raffle.id]),
            selectionRaffleId: raffle.id,
            ownNumbers: [],
            highlighted: null,
          }
        : { currentRaffle: raffle },
    ),
  setStatus: ({ loading, error }) => set({ loading, error }),

  loadBoard: (raffleId, snapshot) => {
    const board = boardFromSnapshot(snapshot, get().boards[raffleId]);
    const s = get();
    const lost =
      s.selectionRaffleId === raffleId
        ? s.selection.filter((n) => statusOf(board, n) !== 'disponible' && !s.ownNumbers.includes(n))
        : [];
    set({
      boards: { ...s.boards, [raffleId]: board },
      selection: lost.length ? s.selection.filter((n) => !lost.includes(n)) : s.selection,
    });
    return lost;
  },

  applyEvent: (raffleId, event) => {
    const current = get().boards[raffleId];
    if (!current) return false;
    const { board, changed } = withEvent(current, event);
    if (changed) set((s) => ({ boards: { ...s.boards, [raffleId]: board } }));
    return changed;
  },

  toggle: (number) =>
    set((s) => ({
      selection: s.selection.includes(number)
        ? s.selection.filter((n) => n !== number)
        : [...s.selection, number].sort((a, b) => a - b),
    })),
  select: (numbers) =>
    set((s) => ({ selection: [...new Set([...s.selection, ...numbers])].sort((a, b) => a - b) })),
  deselect: (numbers) => set((s) => ({ selection: s.selection.filter((n) => !numbers.includes(n)) })),
  clearSelection: () => set({ selection: [] }),
  setOwnNumbers: (numbers) => set({ ownNumbers: numbers }),
  setCheckingOut: (open) => set({ checkingOut: open }),

  flash: (number) => {
    set((s) => ({ flashes: { ...s.flashes, [number]: true } }));
    setTimeout(() => {
      set((s) => {
        const { [number]: _done, ...rest } = s.flashes;
        return { flashes: rest };
      });
    }, FLASH_MS);
  },
  highlight: (number) => {
    const highlighted = { number, seq: (get().highlighted?.seq ?? 0) + 1 };
    set({ highlighted });
    setTimeout(() => {
      if (get().highlighted === highlighted) set({ highlighted: null });
    }, HIGHLIGHT_MS);
  },
}));

// Every change to the choice is kept for the tab (kept-selection.ts); a reload starts from it.
useRaffleStore.subscribe((state, previous) => {
  if (state.selectionRaffleId && state.selection !== previous.selection) {
    keepSelection(state.selectionRaffleId, state.selection);
  }
});
