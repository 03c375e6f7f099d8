import { drawMessages } from './draw-messages';
import { RAFFLE_STATUSES, type RaffleStatus } from './raffles';
import { isClosedStatus } from './sales-window';

/**
 * Lifecycle (decision 010): borrador -> activa -> cerrada -> finalizada, and activa -> borrador only
 * while nothing is sold. `cerrada` comes only from the close action (it publishes the sold list),
 * `finalizada` only from the draw.
 */
export const lifecycleMessages = {
  deleteClosed:
    'La rifa ya cerró: no se puede eliminar, su lista de números vendidos está publicada como prueba del sorteo.',
  toClosedByEdit:
    'Para cerrar la rifa usa la acción «Cerrar rifa»: así se publica la lista de números vendidos.',
  toFinishedByEdit: 'Una rifa se finaliza al registrar el resultado del sorteo, no editándola.',
  backToDraftWithSales: 'La rifa ya tiene números apartados o vendidos: no puede volver a borrador.',
  reopen: 'La rifa ya cerró: no puede volver a un estado anterior.',
  finished: 'El sorteo ya se realizó: la rifa no cambia más de estado.',
  closeDraft: 'Solo se puede cerrar una rifa activa: publícala primero.',
  alreadyDrawn: 'El sorteo de esta rifa ya se realizó: el número ganador no cambia.',
  createClosed: 'Una rifa nueva se crea como borrador o activa.',
  /** A sale by hand on a draft: nobody can buy it yet, and a draft with sales could not be told apart. */
  saleOnDraft: 'La rifa es un borrador: actívala antes de apartar o vender números.',
  /** A sale, release, cancellation or buyer change on a closed raffle (payments go on). */
  soldListFrozen:
    'La rifa ya cerró: la lista de números vendidos está publicada y no cambia. Solo se pueden registrar pagos.',
  /** Terms a closed raffle was sold under. */
  termsFrozen:
    'La rifa ya cerró: el precio, la cantidad de números, las cifras, la forma de pago y el sorteo no se pueden cambiar.',
} as const;

export type StatusChange = 'edit' | 'close' | 'draw';
export type StatusRefusal = {
  code: 'INVALID_TRANSITION' | 'RAFFLE_CLOSED' | 'RAFFLE_NOT_CLOSED' | 'ALREADY_DRAWN';
  message: string;
};

// When a raffle stops selling: in a module of its own, so the public raffle page uses the rule
// without this module's messages and transitions.
export { isClosedStatus, salesClosed } from './sales-window';

/** What a new raffle may start as. */
export const CREATABLE_STATUSES = ['borrador', 'activa'] as const satisfies readonly RaffleStatus[];

/**
 * Why a raffle cannot go from `from` to `to` by this kind of change, or null when it can.
 * `hasSales`: some number has a live sale (left `disponible`). The same status by edit is a no-op.
 */
export function statusChangeRefusal(
  from: RaffleStatus,
  to: RaffleStatus,
  opts: { hasSales: boolean; via?: StatusChange },
): StatusRefusal | null {
  const via = opts.via ?? 'edit';
  const invalid = (message: string): StatusRefusal => ({ code: 'INVALID_TRANSITION', message });
  if (via === 'close') {
    if (from === 'activa' && to === 'cerrada') return null;
    if (isClosedStatus(from)) return { code: 'RAFFLE_CLOSED', message: drawMessages.alreadyClosed };
    return invalid(lifecycleMessages.closeDraft);
  }
  if (via === 'draw') {
    if (from === 'cerrada' && to === 'finalizada') return null;
    if (from === 'finalizada') return { code: 'ALREADY_DRAWN', message: lifecycleMessages.alreadyDrawn };
    return { code: 'RAFFLE_NOT_CLOSED', message: drawMessages.notClosed };
  }
  if (from === to) return null;
  if (from === 'finalizada') return invalid(lifecycleMessages.finished);
  if (from === 'cerrada') return invalid(lifecycleMessages.reopen);
  if (to === 'cerrada') return invalid(lifecycleMessages.toClosedByEdit);
  if (to === 'finalizada') return invalid(lifecycleMessages.toFinishedByEdit);
  if (from === 'activa' && to === 'borrador' && opts.hasSales)
    return invalid(lifecycleMessages.backToDraftWithSales);
  return null; // borrador <-> activa
}

export const canChangeStatus = (
  from: RaffleStatus,
  to: RaffleStatus,
  opts: { hasSales: boolean; via?: StatusChange },
) => statusChangeRefusal(from, to, opts) === null;

/**
 * The statuses the raffle form offers: on create, borrador or activa; on edit, the current one and
 * where an edit may take it (closing and drawing have their own actions).
 */
export function formStatusOptions(current: RaffleStatus | null, opts: { hasSales: boolean }): RaffleStatus[] {
  if (current === null) return [...CREATABLE_STATUSES];
  return RAFFLE_STATUSES.filter((to) => canChangeStatus(current, to, opts));
}
