/* Spanish texts of the verifiable draw. No zod here: the public raffle page imports them. */

export const drawMessages = {
  notClosed: 'Primero cierra la rifa: el sorteo se hace sobre la lista de números vendidos ya publicada.',
  alreadyClosed: 'La rifa ya está cerrada.',
  drawSourceLocked: 'El sorteo de referencia no se puede cambiar: ya hay números apartados o vendidos.',
  numberOutOfRange: 'El número ganador está fuera del rango de la rifa.',
  listPublishing: 'La lista de la rifa se está publicando: intenta de nuevo en unos segundos.',
  notInList: 'Ese número no está en la lista publicada de esta rifa.',
  flatCommitment:
    'Esta rifa cerró antes de las pruebas por número: se verifica descargando la lista completa y comparando su huella.',
  /** Shown on the raffle page before anyone buys (decision 010): what happens to unpaid numbers at close. */
  closeRule:
    'Al cerrar las ventas se publica la lista de números apartados y vendidos y ya no cambia. ' +
    'Los números apartados al cierre participan; para cobrar el premio, el número ganador debe estar pagado completo.',
} as const;
