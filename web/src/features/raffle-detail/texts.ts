import { galleryPhotoAlt } from '@domain/images';
import type { PaymentMethod } from '@domain/reservations';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const count = new Intl.NumberFormat('es-VE');

/** Numbers a lucky pick's toast names; the rest are counted. */
const LUCKY_TOAST_NUMBERS = 10;

/** Ends a sentence with one period, also after an abbreviation such as "a. m.". */
export const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** Spanish texts of the public raffle screen. Shared ones (statuses, errors) come from domain/. */
export const raffleDetailTexts = {
  back: 'Volver a las rifas',
  leaderboards: {
    title: 'Clasificación',
    sellers: 'Top vendedores',
    buyers: 'Top compradores',
    empty: 'Todavía no hay números vendidos.',
    /** Sales made without a seller's link count for no seller. */
    sellersEmpty: 'Todavía no hay números vendidos con el enlace de un vendedor.',
    anonymous: 'Sin nombre',
    numbers: (n: number) => `${count.format(n)} ${plural(n, 'número', 'números')}`,
    note: 'Solo se cuentan números apartados o pagados. Los nombres se muestran abreviados.',
  },
  breadcrumb: 'Rifa',
  loading: 'Cargando la rifa…',
  notFound: {
    title: 'No encontramos esta rifa',
    description: 'El enlace puede estar incompleto o la rifa ya no está publicada. Revisa las rifas activas.',
    action: 'Ver rifas activas',
  },
  /** A finished raffle an admin archived: off the listings, its result and proof kept public. */
  archived: {
    title: 'Esta rifa fue archivada',
    description: (date: string) =>
      `Se archivó el ${date} y ya no aparece en la lista de rifas ni recibe reservas. Su resultado y la prueba del sorteo siguen aquí para que cualquiera pueda comprobarlos.`,
  },
  loadError: {
    title: 'No pudimos cargar la rifa',
    description: 'Revisa tu conexión e inténtalo de nuevo.',
  },
  hero: {
    noPhoto: 'Foto del premio no disponible',
    photoOf: galleryPhotoAlt,
    photoCounter: (i: number, n: number) => `${i} / ${n}`,
    gallery: (name: string) => `Fotos del premio: ${name}`,
    previousPhoto: 'Foto anterior',
    nextPhoto: 'Foto siguiente',
    showPhoto: (i: number, n: number) => `Ver la foto ${i} de ${n}`,
    perNumber: 'por número',
    numbers: 'Números',
    numbersLeftOf: (left: string, total: string) => `${left} de ${total} números disponibles`,
    numbersSoldOf: (sold: string, total: string) => `${sold} de ${total} números apartados o vendidos`,
    closes: 'Cierra',
    closingDate: (date: string) => `${date} (hora de Caracas)`,
    noClosingDate: 'Sin fecha de cierre definida',
    salesClosed: 'Ventas cerradas',
    draw: 'Cómo se elige al ganador',
    drawWith: (source: string) => `Sorteo con la lotería oficial: ${source}`,
    drawDefault: 'Sorteo con la lotería oficial',
    paymentType: 'Forma de pago',
    holdTime: 'Tiempo para pagar al apartar',
    holdTimeValue: (hold: string) => `${hold}; luego el número vuelve a estar disponible`,
    maxPerBuyer: 'Máximo por comprador',
    maxPerBuyerValue: (max: string, one: boolean) => `${max} ${one ? 'número' : 'números'} por cédula`,
    /** Before the close only the commitment of the instant-win numbers is public (decision 041). */
    instantWins: 'Números premiados',
    instantWinsValue:
      'Algunos números ganan un premio al instante al pagarlos completos. Se revelan al cierre; su huella:',
    singlePayment: 'Pago único',
    installments: (n: number | null) => (n ? `${n} cuotas` : 'En cuotas'),
    staleRate: 'tasa desactualizada',
    rateNote: (rate: string) => `Tasa del día: Bs ${rate} por dólar`,
    chooseNumbers: 'Elegir números',
    verified: 'Números verificables: cada número se vende una sola vez.',
    organizedBy: 'Organiza:',
    contact: 'Escribir por WhatsApp',
    contactMessage: (raffle: string) => `Hola, te escribo por la rifa «${raffle}».`,
  },
  closed: {
    cerrada: 'Esta rifa está cerrada: ya no recibe reservas. Espera el sorteo oficial.',
    finalizada: 'Esta rifa ya finalizó y el sorteo se realizó.',
    expired: 'La fecha de cierre de esta rifa ya pasó: no recibe más reservas.',
    draft: 'Esta rifa todavía no está abierta.',
  },
  status: {
    closedTitle: 'Ventas cerradas',
    closedText: (source: string | null) =>
      endSentence(
        `La lista de números vendidos está publicada abajo y el ganador saldrá del sorteo ${source ?? 'oficial'}`,
      ),
    finishedTitle: 'Sorteo realizado',
    winningNumber: 'Número ganador',
    winner: (masked: string, number: string) => `Ganador: ${masked}, número ${number}`,
    noWinner: (number: string) => `El número ${number} no se vendió: sin ganador.`,
    drawSource: (source: string) => `Según el sorteo ${source}`,
    drawnAt: (date: string) => `Registrado el ${date}`,
    showOnBoard: 'Ver en el tablero',
  },
  published: {
    title: 'Lista publicada',
    description:
      'Al cerrar las ventas quedó sellada la lista de números apartados y vendidos con su huella digital. Si alguien cambiara una sola letra de la lista, la huella ya no coincidiría.',
    commitment: 'Huella digital de la lista',
    commitmentAt: (closedAt: string) => `Huella digital publicada al cierre, el ${closedAt}`,
    lines: (n: number) => `${count.format(n)} ${plural(n, 'número en la lista', 'números en la lista')}`,
    show: 'Ver la lista',
    hide: 'Ocultar la lista',
    listLabel: 'Lista publicada de números vendidos',
    truncated: (n: number) =>
      `… y ${count.format(n)} ${plural(n, 'línea más', 'líneas más')}: descarga la lista para verla completa.`,
    empty: 'Nadie había apartado números al cierre: la lista está vacía.',
    copy: 'Copiar lista',
    copied: 'Lista copiada',
    copyFailed: 'No se pudo copiar: descarga la lista.',
    loadFailed: 'No pudimos descargar la lista: revisa tu conexión e intenta de nuevo.',
    download: 'Descargar .txt',
    fileName: (name: string) => `lista-${name}.txt`,
    verify: 'Verificar la lista completa',
    verifying: 'Descargando y calculando…',
    loading: 'Cargando la lista publicada…',
    loadError: 'No pudimos cargar la lista publicada.',
    howTitle: 'Cómo verificar',
    how: [
      'Descarga la lista: cada línea es «número:huella» y termina con un salto de línea. La huella de cada número es el SHA-256 de «código de verificación:cédula», así nadie ve tus datos.',
      'La huella de la lista es la raíz Merkle de sus líneas en orden de número (SHA-256, RFC 6962): «Verificar la lista completa» la calcula en tu teléfono; también puedes usar el verificador scripts/verify-draw.mjs con Node.',
      'Compara la huella con la que el organizador compartió al cerrar: deben ser iguales, letra por letra.',
      'Para tu número basta «Verifica tu número»: con tu código de verificación y tu cédula tu teléfono comprueba tu línea sin descargar la lista entera.',
    ],
  },
  board: {
    title: 'Elige tus números',
    titleClosed: 'Números de la rifa',
    label: 'Tablero de números',
    left: (n: string) => `Quedan ${n}`,
    taken: (n: string) => `${n} apartados o vendidos`,
    onlyAvailable: 'Solo disponibles',
    jumpLabel: 'Ir al número',
    jumpPlaceholder: 'Ej. 25',
    jumpGo: 'Ir',
    jumpInvalid: (max: string) => `Escribe un número entre 0 y ${max}.`,
    empty: 'No quedan números disponibles en esta rifa.',
    cell: (n: string, status: string) => `Número ${n}, ${status}`,
    cellSelected: (n: string) => `Número ${n}, elegido por ti`,
    loadingBoard: 'Cargando el tablero…',
    boardError: 'No pudimos cargar el tablero de números.',
    maxReached: (max: number) => `Puedes apartar como máximo ${max} números a la vez.`,
    notSelectable: (n: string, status: string) => `El número ${n} está ${status}.`,
    legend: 'Leyenda',
    legendSelected: 'elegido',
    legendWinner: 'ganador',
    cellWinner: (n: string, status: string) => `Número ${n}, ganador, ${status}`,
  },
  lucky: {
    title: 'Maquinita de la suerte',
    howMany: 'Cantidad de números al azar',
    less: 'Uno menos',
    more: 'Uno más',
    pick: 'Elegir al azar',
    /** The first numbers only: a toast naming 95 grew over the reservation sheet on a phone. */
    picked: (numbers: string[]) =>
      numbers.length <= LUCKY_TOAST_NUMBERS
        ? `La maquinita eligió: ${numbers.join(', ')}`
        : `La maquinita eligió: ${numbers.slice(0, LUCKY_TOAST_NUMBERS).join(', ')} y ${count.format(numbers.length - LUCKY_TOAST_NUMBERS)} más`,
    fewer: (n: number) => `Solo quedaban ${n} ${plural(n, 'número disponible', 'números disponibles')}.`,
    none: 'No quedan números disponibles para elegir.',
    error: 'La maquinita no pudo elegir números. Inténtalo de nuevo.',
  },
  instantWins: {
    title: 'Números premiados',
    description:
      'El organizador eligió estos números antes de la primera venta: quien pagó uno completo ganó su premio al instante. Antes del cierre solo se publicó su huella.',
    number: 'Número',
    prize: 'Premio',
    winner: 'Ganador',
    nobody: 'Sin ganador',
    commitment: 'Huella publicada antes de la primera venta',
    salt: 'Sal (publicada al cierre)',
    match: 'Coincide con el compromiso publicado',
    matchDetail:
      'Tu navegador calculó SHA-256 de la lista y la sal, y da la misma huella que se publicó antes de vender: los números premiados no cambiaron.',
    noMatch: 'No coincide con el compromiso publicado',
    noMatchDetail: 'La lista publicada al cierre no es la que se comprometió antes de vender.',
    how: 'Cómo se calcula: docs/verification.md («Números premiados»).',
  },
  packages: {
    title: 'Paquetes',
    hint: 'Tócalo y completamos tus números al azar. Al apartar siempre se aplica el mejor precio. El precio de paquete es por el paquete completo: si un número se libera o vence, los que quedan pasan a su precio normal.',
    offer: (n: number, price: string) => `${n} por ${price}`,
    saving: (saving: string) => `Ahorras ${saving}`,
    /** What tapping the package does now: the numbers it adds at random. */
    adds: (n: number) => `+${n} al azar`,
    full: 'Ya no caben más números en esta reserva.',
    /** "1 paquete de 5 + 2 sueltos". */
    breakdown: (uses: { numbers: number; times: number }[], singles: number) =>
      [
        ...uses.map((u) => `${u.times} ${plural(u.times, 'paquete', 'paquetes')} de ${u.numbers}`),
        ...(singles > 0 ? [`${singles} ${plural(singles, 'suelto', 'sueltos')}`] : []),
      ].join(' + '),
  },
  selection: {
    region: 'Números elegidos',
    count: (n: number) => `${n} ${plural(n, 'número elegido', 'números elegidos')}`,
    remove: (n: string) => `Quitar el número ${n}`,
    clear: 'Quitar todos',
    reserve: (n: number) => `Apartar ${n} ${plural(n, 'número', 'números')}`,
    takenByOther: (n: string) => `Alguien acaba de apartar el número ${n}: lo quitamos de tu selección.`,
  },
  unconfirmed: {
    title: 'Tu apartado no se confirmó',
    body: (labels: string[]) =>
      `Enviaste ${labels.length === 1 ? 'el número' : 'los números'} ${labels.join(', ')}, pero la respuesta no llegó. Confírmalo: si ya quedó apartado, te mostramos tu pedido sin apartarlo dos veces.`,
    confirm: 'Confirmar mi apartado',
    confirming: 'Confirmando…',
    discard: 'Descartar',
    understood: 'Entendido',
  },
  installments: {
    plan: (n: number, cuota: string) => `${n} cuotas de ${cuota}`,
    dueNow: (cuota: string) => `Hoy pagas la primera cuota: ${cuota} por número`,
    times: (n: number, total: string) => `(× ${n} números: ${total})`,
    label: 'Pago en cuotas',
    row: 'Cuotas',
  },
  live: {
    on: 'En vivo',
    connecting: 'Conectando…',
    onHint: 'El tablero se actualiza solo cuando alguien aparta un número.',
    reconnecting: 'Reconectando…',
    reconnectingHint: 'Se perdió la conexión en vivo; la estamos recuperando.',
  },
} as const;

/** Generic instructions per payment method; the organizer confirms the exact account by WhatsApp. */
export const paymentInstructions: Record<PaymentMethod, string> = {
  transfer:
    'Haz una transferencia bancaria por el total indicado y guarda el comprobante. El organizador te confirma los datos de la cuenta.',
  pago_movil:
    'Haz un pago móvil por el monto en bolívares a la tasa del día y anota el número de referencia.',
  zelle: 'Envía el total en dólares por Zelle y guarda la captura de la confirmación.',
  efectivo: 'Entrega el efectivo al organizador y pide que registre tu pago.',
  binance: 'Envía el total en USDT por Binance Pay y guarda la captura de la transacción.',
};
