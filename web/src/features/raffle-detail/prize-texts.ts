import type { PrizeVoid } from '@domain/prize-rules';

/** The prize list of the raffle page (issue 23, decision 042). */
export const prizeTexts = {
  title: (count: number) => `${count} premios`,
  lottery: (name: string, when: string) => `Se sortea con ${name}, ${when}`,
  noSource: 'Se sortea con la fuente declarada por el organizador',
  preDrawLabel: (label: string) => `Pre-sorteo · ${label}`,
  preDrawWhen: (when: string) =>
    `Pre-sorteo el ${when}, entre los números pagados por completo a esa hora. Quien gane sigue participando en el sorteo final.`,
  pending: 'Por sortear',
  waitingNext: (count: number) =>
    `${count === 1 ? 'Un resultado repitió' : `${count} resultados repitieron`} un número ganador: se espera el siguiente.`,
  /** Results passed over because their number already won (rule siguiente_resultado), kept as evidence. */
  skippedTitle: (count: number) =>
    count === 1
      ? 'Resultado pasado por alto (su número ya había ganado otro premio):'
      : 'Resultados pasados por alto (sus números ya habían ganado otro premio):',
  skippedResult: (result: string, number: string, at: string | null) =>
    at
      ? `Resultado ${result} del sorteo del ${at}: salió el ${number}`
      : `Resultado ${result}: salió el ${number}`,
  /** A prize decided by a next result (decision 084): which lottery draw gave it, to check. */
  decidedBy: (result: string, at: string) => `Decidido con el resultado ${result} del sorteo del ${at}`,
  skippedRound: (round: string, number: string) => `Ronda ${round} de drand: salió el ${number}`,
  skippedNumber: (number: string) => `Salió el ${number}`,
  winner: (number: string, name: string) => `Ganó el ${number} · ${name}`,
  winningNumber: (number: string) => `Número ganador: ${number}`,
  unsold: (number: string) => `Salió el ${number}: nadie lo tenía, queda sin ganador`,
  voided: (number: string, why: PrizeVoid) =>
    why === 'repetido'
      ? `Salió el ${number}, que ya había ganado otro premio: queda sin ganador (regla declarada)`
      : `Salió el ${number}, que no estaba pagado a la fecha del pre-sorteo: queda sin ganador`,
  noLines: 'Sorteado sin números participantes: queda sin ganador',
  preListFrozen: (when: string, count: number) =>
    `Lista sellada el ${when}: ${count === 1 ? '1 número pagado' : `${count} números pagados`}.`,
  preListDownload: 'Descargar lista',
  preListRoot: 'Raíz',
  sealPending: 'Sello de tiempo: pendiente',
  sealedBy: (authority: string, when: string) => `Sellada por ${authority} el ${when}`,
  sealDownload: 'Descargar sello (.tsr)',
} as const;
