import { endSentence } from './texts';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const planWords = (cuotas: number) => (cuotas > 1 ? `en ${cuotas} cuotas` : 'en un solo pago');

/**
 * Spanish texts of reserving numbers (the sheet) and of the order that follows: off the raffle
 * page's first load, with the code that shows them.
 */
export const reservationTexts = {
  checkout: {
    title: 'Aparta tus números',
    description: 'Con estos datos te identificamos al pagar y si resultas ganador.',
    holdAndCap: (hold: string, max: string) =>
      `Tendrás ${hold} para reportar tu pago. Máximo ${max} por cédula en esta rifa.`,
    numbers: 'Tus números',
    total: 'Total',
    name: 'Nombre y apellido',
    namePlaceholder: 'María Pérez',
    phone: 'Teléfono',
    phonePlaceholder: '0414-1234567',
    address: 'Dirección',
    addressPlaceholder: 'Ciudad y sector',
    cedula: 'Cédula',
    cedulaType: 'Tipo de cédula',
    cedulaPlaceholder: '12345678',
    /** The shared schema's cédula message, said for this field (V/E chosen apart, digits typed). */
    cedulaDigits: 'Cédula inválida: escribe sus números, de 6 a 9 dígitos.',
    email: 'Correo (opcional)',
    emailPlaceholder: 'tucorreo@ejemplo.com',
    proof: 'Comprobante de pago (opcional)',
    proofHint: 'Foto o PDF del pago, hasta 5 MB. También puedes enviarlo después.',
    sending: 'Apartando…',
    answerLost:
      'No pudimos confirmar tu apartado por la conexión. Revisa tu señal y toca «Apartar» otra vez: si ya quedó apartado, te mostramos tu pedido sin apartarlo dos veces.',
    noNumbers: 'Elige al menos un número en el tablero para continuar.',
    backToBoard: 'Volver al tablero',
    privacy: 'Tus datos solo los ve el organizador. En el tablero público nadie ve tu nombre.',
    changedTitle: 'Tu selección cambió',
    removed: (labels: string[]) =>
      labels.length === 1
        ? `El número ${labels[0]} ya no está disponible: lo quitamos.`
        : `Los números ${labels.join(', ')} ya no están disponibles: los quitamos.`,
    newSet: (n: number, total: string) =>
      `Ahora apartarías ${n} ${plural(n, 'número', 'números')} por ${total}. ¿Continuamos con estos?`,
    confirmNewSet: 'Sí, apartar estos números',
    /** The raffle's price or packages changed while the sheet was open (decision 089). */
    priceChangedTitle: 'El precio de esta rifa cambió',
    priceNow: (n: number, total: string, before: string) =>
      `Ahora apartarías ${n} ${plural(n, 'número', 'números')} por ${total} (antes ${before}). ¿Continuamos?`,
    confirmNewPrice: 'Sí, continuar con el nuevo total',
    /** Its cuotas changed (possible only before its first sale): `1` is a single payment. */
    planChangedTitle: 'La forma de pago de esta rifa cambió',
    planNow: (now: number, before: number) => `Ahora se paga ${planWords(now)} (antes ${planWords(before)}).`,
    shallWeContinue: '¿Continuamos?',
    confirmNewPlan: 'Sí, continuar así',
    /** Cuotas: what the buyer pays today, not the full price. */
    reserveAndPay: (n: number, today: string) =>
      `Apartar ${n === 1 ? 'y' : `${n} números y`} pagar ${today} hoy`,
  },
  success: {
    title: '¡Tus números están apartados!',
    subtitle: 'Guarda este ticket. Paga antes de la hora límite para no perder tus números.',
    numbers: (n: number) => plural(n, 'Tu número', 'Tus números'),
    total: 'Total a pagar',
    until: 'Apartados hasta',
    /** A payment under review keeps them (PAYMENT_REVIEW_HOURS): no deadline to pay meanwhile. */
    reviewUntil: 'Guardados en revisión hasta',
    howToPay: 'Cómo pagar',
    accounts: 'Cuentas para pagar',
    accountsHint: 'Copia cada dato y pégalo en la app de tu banco.',
    chosenMethod: 'El método que elegiste',
    sendProofWhatsapp: 'Enviar comprobante por WhatsApp',
    proofMessage: (raffle: string, list: string, total: string) =>
      `Hola, aparté ${list} en la rifa «${raffle}». Total: ${total}. Te envío el comprobante de pago.`,
    print: 'Imprimir o guardar',
    share: 'Compartir',
    whatsapp: 'Compartir por WhatsApp',
    tracking: 'Consulta tus tickets',
    trackingHint: 'Con tu cédula y los últimos 4 dígitos de tu teléfono ves el estado de tus pagos.',
    more: 'Apartar más números',
    proofSent: 'Recibimos tu comprobante. El organizador lo revisará y confirmará tu pago.',
    // Caracas times end in "a. m.": a sentence ending in one gets no second period.
    shareText: (raffle: string, list: string, total: string, until: string) =>
      `Aparté ${list} en la rifa «${raffle}». Total: ${total}.${until ? ` Apartados hasta ${endSentence(until)}` : ''}`,
    numbersList: (n: number, list: string) => `${plural(n, 'el número', 'los números')} ${list}`,
    buyer: 'A nombre de',
    draw: 'Sorteo',
    organizer: 'Organiza',
    contact: 'Contacto',
    status: 'Estado',
    statusReserved: 'Apartado: pendiente de pago',
    statusInReview: 'Apartado: comprobante en revisión',
    statusPaid: 'Pagado',
  },
  sendProof: {
    title: 'Enviar comprobante',
    description: 'Sube la foto o el PDF de tu pago para que el organizador lo confirme.',
    file: 'Foto o PDF del pago',
    reference: 'Número de referencia (opcional)',
    referencePlaceholder: 'Ej. 0123456789',
    submit: 'Enviar comprobante',
    sending: 'Enviando…',
    needFile: 'Adjunta el comprobante para enviarlo.',
    done: 'Comprobante enviado. Te avisaremos cuando el pago sea confirmado.',
    note: (list: string, total: string) => `Pago conjunto de los números ${list} (total ${total}).`,
  },
} as const;
