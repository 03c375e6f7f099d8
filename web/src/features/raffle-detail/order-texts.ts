import { paymentMessages } from '@domain/payments';
import { endSentence } from './texts';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Spanish texts of the order page (`/raffle/:id/pedido/:code`) and its payment form. */
export const orderTexts = {
  freshTitle: '¡Tus números están apartados!',
  title: 'Tu pedido',
  subtitle: 'Guarda el código del pedido: con él y tu cédula vuelves a esta página y envías tus pagos.',
  code: 'Código del pedido',
  copy: 'Copiar código',
  copied: 'Código copiado',
  copyFailed: 'No pudimos copiarlo: anótalo a mano.',
  numbers: (n: number) => plural(n, 'Tu número', 'Tus números'),
  total: 'Total',
  paid: 'Pagado',
  owed: 'Falta',
  dueNow: 'A pagar ahora',
  dueNowCuotas: 'A pagar ahora (primera cuota de cada número)',
  dueNowHint: (until: string) => `Paga antes del ${until} para no perder tus números.`,
  countdown: 'Reporta tu pago antes de que venza tu reserva:',
  countdownOver: 'Tu reserva venció: si aún no pagaste, los números pueden volver a estar disponibles.',
  salesClosedHeld:
    'Las ventas cerraron con tus números en la lista publicada: ya no se liberan. Para cobrar un premio, el número ganador debe estar pagado completo.',
  allPaid: 'Este pedido está pagado por completo. ¡Mucha suerte en el sorteo!',
  payments: 'Pagos enviados',
  paymentLine: (amount: string, date: string) => `${amount} · ${date}`,
  rejected: (reason: string) => `Rechazado: ${reason}`,
  rejectedNoReason: 'Rechazado: escribe al organizador para saber el motivo.',
  inReview: 'Tu comprobante está en revisión: el organizador lo confirmará.',
  qr: 'Escanea para volver a este pedido',
  qrLabel: 'Código QR de este pedido',
  more: 'Apartar más números',
  backToRaffle: 'Ver la rifa',
  loadError: 'No pudimos cargar tu pedido',
  limitedTitle: 'Este pedido está protegido por un rato',
  toTracking: 'Ir a «Mis tickets»',
  cedulaTitle: 'Confirma que es tu pedido',
  cedulaDescription: (code: string) =>
    `Escribe la cédula con la que apartaste los números del pedido ${code}.`,
  cedulaLabel: 'Cédula del comprador',
  cedulaSubmit: 'Ver mi pedido',
  notFound: 'No encontramos ese pedido con esa cédula. Revisa los datos e intenta de nuevo.',
  badCode: 'Este enlace no tiene un código de pedido válido.',
  // Caracas times end in "a. m.": a sentence ending in one gets no second period.
  shareText: (raffle: string, code: string, list: string, total: string, until: string) =>
    `Aparté ${list} en la rifa «${raffle}» (pedido ${code}). Total: ${total}.${until ? ` Apartados hasta ${endSentence(until)}` : ''}`,
  numbersList: (n: number, list: string) => `${plural(n, 'el número', 'los números')} ${list}`,
} as const;

export const orderPaymentTexts = {
  title: 'Enviar comprobante',
  description: 'Cuéntanos cómo pagaste: un solo comprobante sirve para todos los números del pedido.',
  currency: 'Moneda del monto',
  ves: 'Bolívares (Bs)',
  usd: 'Dólares (USD)',
  amount: (currency: 'VES' | 'USD') => (currency === 'VES' ? 'Monto pagado (Bs)' : 'Monto pagado (USD)'),
  amountHint: (due: string) => `Te toca pagar ${due}.`,
  inUsd: (usd: string, rate: string) => `Equivale a ${usd} a la tasa del día (${rate} Bs por dólar).`,
  inBs: (bs: string) => `Equivale a ${bs} a la tasa del día.`,
  noRate: 'Hoy no hay tasa del día: indica el monto en dólares.',
  bank: 'Banco desde el que pagaste',
  bankPlaceholder: 'Elige tu banco',
  reference: 'Número de referencia',
  referenceOptional: 'Número de referencia (opcional)',
  referencePlaceholder: 'Ej. 00123456',
  payerPhone: 'Teléfono desde el que hiciste el pago móvil',
  payerPhonePlaceholder: '0414-1234567',
  paidOn: 'Fecha del pago',
  proof: 'Foto o PDF del pago (opcional)',
  proofHint: 'Ayuda al organizador a confirmar más rápido. Hasta 5 MB.',
  submit: 'Enviar comprobante',
  sending: 'Enviando…',
  sent: 'Recibimos tu pago. El organizador lo revisará y lo confirmará.',
  inReview: 'Recibimos tu comprobante. El organizador lo revisará y confirmará tu pago.',
  sendAnother: 'Enviar otro pago',
  failed: 'No pudimos enviar el pago. Revisa tu conexión e intenta de nuevo.',
  invalidAmount: (currency: 'VES' | 'USD') =>
    currency === 'VES'
      ? 'Escribe el monto en bolívares, p. ej. 1825,50'
      : 'Escribe el monto en dólares, p. ej. 5,00',
  zeroAmount: 'El monto debe ser mayor que cero.',
  tooMuch: (owed: string) => `El monto supera lo que falta por pagar del pedido (${owed}).`,
  referenceTooLong: 'La referencia es demasiado larga.',
  invalidPhone: 'Teléfono inválido: usa el formato 0414-1234567',
  invalidDate: 'Elige la fecha del pago.',
  futureDate: paymentMessages.paidOnFuture,
} as const;
