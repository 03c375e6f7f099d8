import type { TicketStatus } from '@domain/tickets';

const count = new Intl.NumberFormat('es-VE');
const numbers = (n: number) => `${count.format(n)} ${n === 1 ? 'número' : 'números'}`;

/** Spanish texts of the sealed draw on the public raffle page (issue 19). */
export const sealedDrawTexts = {
  /** The declared source, before and after the sales ("Se sortea con …"). */
  source: {
    // Caracas times end in "p. m.": no second period after them.
    lottery: (lottery: string, when: string | null) => {
      const text = `Se sortea con ${lottery}${when ? ` del ${when}` : ''}`;
      return text.endsWith('.') ? text : `${text}.`;
    },
    drand:
      'Se sortea con un número aleatorio público y verificable (drand), de una ronda fijada al cerrar las ventas: nadie lo conoce antes.',
    legacy: (source: string) => `Sorteo con la lotería oficial: ${source}`,
    declaredBefore: 'Declarado antes de la primera venta; ya no cambia.',
  },
  extensions: {
    title: 'Cambios de la fecha de cierre',
    item: (from: string, to: string, at: string) =>
      `Cierre extendido del ${from} al ${to}, anunciado el ${at}.`,
  },
  clarifications: {
    title: 'Aclaraciones del organizador',
    item: (date: string) => `Aclaración del ${date}:`,
    note: 'La descripción del premio quedó fija al cerrar; las aclaraciones se agregan con su fecha.',
  },
  facts: {
    title: 'Pruebas del sorteo',
    closedAt: 'Lista cerrada el',
    closedAtValue: (date: string, lines: number) => `${date}, con ${numbers(lines)}`,
    fingerprint: (merkle: boolean) =>
      merkle ? 'Huella de la lista (raíz Merkle)' : 'Huella de la lista (SHA-256)',
    auditHead: 'Registro de auditoría al cerrar',
    auditHeadValue: (seq: string, hash: string) => `Entrada n.º ${seq}, huella ${hash}`,
    seal: 'Sello de tiempo',
    sealed: (authority: string, date: string) => `Sellado por ${authority} el ${date}`,
    sealPending: 'Sello pendiente: lo estamos pidiendo a la autoridad de sellado de tiempo.',
    sealDownload: 'Descargar el sello (.tsr)',
    source: 'Fuente del sorteo',
    rule: 'Regla',
    result: 'Resultado publicado',
    resultValue: (result: string, number: string) => `${result} → número ${number}`,
    round: 'Ronda de drand',
    roundValue: (round: number) => `Ronda ${count.format(round)}`,
    roundLink: 'Ver la ronda en drand',
    roundPending: (round: number, when: string) => `Ronda ${count.format(round)}, sale hacia el ${when}`,
  },
  winner: {
    drawnAt: (date: string) => `Sorteado el ${date}`,
    resultOf: (result: string, source: string) => `Resultado ${result} de ${source}`,
    status: {
      disponible: 'Disponible',
      apartado: 'Apartado',
      abonado: 'Abonado',
      pagado: 'Pagado',
      cancelado: 'Cancelado',
    } satisfies Record<TicketStatus, string>,
  },
} as const;
