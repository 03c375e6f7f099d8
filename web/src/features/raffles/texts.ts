import { prizePhotoAlt } from '@domain/images';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const count = (n: number) => new Intl.NumberFormat('es-VE').format(n);

export const rafflesTexts = {
  home: {
    heroEyebrow: 'Rifas virtuales garantizadas',
    heroTitle: 'Elige tus números y participa desde tu teléfono',
    heroDescription:
      'Escoge tus números en un tablero en vivo, apártalos en segundos y paga por transferencia o pago móvil. Tu ticket queda a tu nombre y puedes consultarlo cuando quieras.',
    trustDraw: 'Ganador por sorteo oficial',
    trustDrawText:
      'El número ganador sale del sorteo indicado en cada rifa, una lotería oficial o un número aleatorio público, declarado antes de la primera venta. Nadie lo elige.',
    trustList: 'Lista de vendidos verificable',
    trustListText: 'Al cerrar la rifa publicamos la lista de números vendidos con su huella digital.',
    trustTrack: 'Tus tickets, siempre a la vista',
    trustTrackText: 'Consulta tus números y pagos con tu cédula y los 4 últimos dígitos de tu teléfono.',
    trackCta: 'Consulta tus tickets',
    seeRaffles: 'Ver rifas',
    trustTitle: 'Por qué confiar',
    listTitle: 'Rifas activas',
    listDescription: 'Precios por número en dólares y en bolívares a la tasa del día.',
    empty: 'No hay rifas activas en este momento',
    emptyDescription: 'Vuelve pronto: publicamos nuevas rifas con frecuencia.',
    errorDescription: 'No pudimos cargar las rifas. Revisa tu conexión e inténtalo de nuevo.',
    finishedTitle: 'Sorteos realizados',
    finishedDescription:
      'Rifas que ya cerraron sus ventas: su número ganador y la lista verificable de vendidos.',
    showAllFinished: (n: number) => `Ver ${plural(n, 'el otro', `los otros ${count(n)}`)}`,
  },
  finished: {
    winningNumber: 'Número ganador',
    prizeNumber: (n: string) => `número ${n}`,
    prizeVoid: 'sin ganador',
    pending: 'Ventas cerradas — sorteo pendiente',
    drawnAt: (date: string) => `Sorteado el ${date}`,
    drawSource: (source: string) => `Sorteo: ${source}`,
    cta: 'Ver resultado y lista',
    ctaPending: 'Ver la lista publicada',
  },
  card: {
    perNumber: 'por número',
    staleRate: 'tasa desactualizada',
    staleRateTitle: 'La tasa del día aún no se ha actualizado: el monto en Bs es referencial.',
    sold: (percent: string) => `${percent} vendido`,
    left: (n: number) => `${plural(n, 'queda', 'quedan')} ${count(n)} ${plural(n, 'número', 'números')}`,
    closes: 'Cierra',
    noClosingDate: 'Fecha de cierre por anunciar',
    drawSource: 'Sorteo',
    organizedBy: (name: string) => `Organiza: ${name}`,
    installments: (n: number | null) => (n ? `Pago en ${n} cuotas` : 'Pago en cuotas'),
    cta: 'Elegir números',
    /** No number left to choose: the board is still worth a look (who took what). */
    ctaSoldOut: 'Ver números',
    soldOut: 'Agotada',
    /** Past its closing date: the list is published at the close (the finished cards' wording). */
    ctaClosed: 'Ver la lista publicada',
    imageAlt: prizePhotoAlt,
    noImage: 'Foto del premio no disponible',
    noImageSoon: 'Foto del premio próximamente',
    soldLabel: 'Porcentaje de números vendidos',
  },
  detail: {
    title: 'Detalle de la rifa',
    description: 'Premio, precio, fecha de cierre y el tablero de números de esta rifa.',
    back: 'Volver a las rifas',
  },
  create: {
    title: 'Crear rifa',
    description: 'Define el premio, el precio por número, la cantidad de números y la fecha de cierre.',
    submit: 'Crear rifa',
    submitting: 'Creando la rifa y sus números…',
    success: 'Rifa creada',
    successDescription: (name: string, n: number) => `«${name}» ya tiene sus ${count(n)} números listos.`,
  },
  edit: {
    title: 'Editar rifa',
    description: 'Cambia los datos de la rifa. La cantidad de números no cambia si ya hay números apartados.',
    submit: 'Guardar cambios',
    submitting: 'Guardando cambios…',
    success: 'Rifa actualizada',
    successDescription: (name: string) => `Guardamos los cambios de «${name}».`,
    notFound: 'No encontramos esta rifa',
    notFoundDescription: 'Puede que haya sido eliminada o que el enlace esté incompleto.',
    loadError: 'No pudimos cargar la rifa',
    anotherSeller: {
      description: (name: string) =>
        `«${name}» la gestiona otro vendedor. Si debe ser tuya, pide a un administrador que te la asigne.`,
      back: 'Volver a mis rifas',
    },
  },
} as const;
