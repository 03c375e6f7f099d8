import { normalizeCedula } from './phone';

/** How many numbers one reservation may take. */
export const MAX_NUMBERS_PER_RESERVATION = 100;

export const TICKET_STATUSES = ['disponible', 'apartado', 'abonado', 'pagado', 'cancelado'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const ticketStatusLabels: Record<TicketStatus, string> = {
  disponible: 'disponible',
  apartado: 'apartado',
  abonado: 'abonado',
  pagado: 'pagado',
  cancelado: 'cancelado',
};

/** One character per number in the public board (`GET /api/raffles/:id/board`). */
export const BOARD_CODES: Record<TicketStatus, string> = {
  disponible: 'd',
  apartado: 'a',
  abonado: 'b',
  pagado: 'p',
  cancelado: 'c',
};
const STATUS_BY_CODE = Object.fromEntries(Object.entries(BOARD_CODES).map(([s, c]) => [c, s])) as Record<
  string,
  TicketStatus
>;
/** The board character of a status; anything unknown shows as 'o' (otros). */
export const boardChar = (status: string): string => BOARD_CODES[status as TicketStatus] ?? 'o';
export const statusFromBoardCode = (code: string): TicketStatus | 'otros' => STATUS_BY_CODE[code] ?? 'otros';

export const isTicketStatus = (value: string): value is TicketStatus =>
  (TICKET_STATUSES as readonly string[]).includes(value);

/** "7" -> "007" for a 3-digit raffle. */
export const padTicketNumber = (number: number, digitCount: number): string =>
  String(number).padStart(digitCount, '0');

/**
 * As PostgreSQL's `lpad(number::text, digitCount, '0')`, which the staff list's ticket numbers come
 * from: zeros in front, or cut to the width. The exports write the numbers they fill in this way, so
 * they match the ones the database wrote.
 */
export const lpadTicketNumber = (number: number, digitCount: number): string => {
  const text = String(number);
  return text.length > digitCount ? text.slice(0, digitCount) : text.padStart(digitCount, '0');
};

/** The live-update toast pads to 3 digits whatever the raffle's digit count (SPEC 4). */
export const liveUpdateToast = (number: number, status: string): string =>
  `Ticket #${padTicketNumber(number, 3)} ahora está ${status}`;

/**
 * Search term as the spec wants it: trimmed, commas dropped. A cédula as staff write it
 * ("V-12.345.678", "v 12345678") is searched as sales store it ("V-12345678"), and digits grouped
 * in thousands with dots ("12.345.678") are the digits.
 */
export const normalizeSearchTerm = (term: string): string => {
  const trimmed = term.trim();
  const cedula = normalizeCedula(trimmed);
  if (cedula) return cedula;
  if (/^\d{1,3}(\.\d{3})+$/.test(trimmed)) return trimmed.replace(/\./g, '');
  return trimmed.replace(/,/g, '');
};

/**
 * Digits a bare number needs before it also searches phones and cédulas (issue 23): "7" or "123" is
 * a ticket number (every phone holds a 7), "4567" may be a phone's last four.
 */
export const MIN_CONTACT_DIGITS = 4;

/** A bare number shorter than MIN_CONTACT_DIGITS: it matches ticket numbers only. */
export const isTicketNumberTerm = (term: string): boolean =>
  /^\d+$/.test(term) && term.length < MIN_CONTACT_DIGITS;

/** When the term is all digits it also matches the ticket number exactly. */
export const exactNumberFromTerm = (term: string): number | null =>
  /^\d+$/.test(term) && term.length <= 9 ? Number(term) : null;

export const ticketMessages = {
  notFound: 'Ticket no encontrado',
  saleEnded: 'Este número fue liberado y ya no pertenece a esta venta. Actualiza la lista.',
  numberAvailable: 'El número está disponible: elige un estado para asignarlo.',
  numberTaken: 'Otra persona acaba de apartar este número. Actualiza la lista.',
} as const;

/** Notes written in a ticket's history (the staff history screen shows them as they are). */
export const historyNotes = {
  statusChanged: (status: string) => `Estado cambiado a ${status}`,
  detailsUpdated: 'Datos del ticket actualizados',
  reservationExpired: 'Reserva vencida: número liberado',
  paymentApproved: (amountCents: number) => `Pago aprobado (${(amountCents / 100).toFixed(2)} USD)`,
} as const;
