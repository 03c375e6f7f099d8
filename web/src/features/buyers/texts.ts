const count = new Intl.NumberFormat('es-VE');

export const buyersTexts = {
  title: 'Compradores',
  description: 'Las personas que apartaron o compraron números de esta rifa, con sus datos de contacto.',
  totals: {
    label: 'Resumen de la rifa',
    buyers: 'Compradores',
    tickets: 'Números',
    collected: 'Cobrado',
    owed: 'Por cobrar',
    noRate: 'Sin tasa del día',
    staleRate: 'Tasa desactualizada',
  },
  /** The list's heading: the page reads h1 Compradores > h2 Resumen / h2 Lista > h3 each buyer. */
  listTitle: 'Lista de compradores',
  total: (n: number) => (n === 1 ? '1 comprador' : `${count.format(n)} compradores`),
  showing: (from: number, to: number, total: number) =>
    `Mostrando ${count.format(from)}–${count.format(to)} de ${count.format(total)} compradores`,
  buyer: {
    cedula: 'Cédula',
    phone: 'Teléfono',
    noPhone: 'Sin teléfono',
    noName: 'Sin nombre',
    soldBy: (names: string[]) => `${names.length === 1 ? 'Vendedor' : 'Vendedores'}: ${names.join(', ')}`,
    numbers: (n: number) => (n === 1 ? '1 número' : `${count.format(n)} números`),
    more: (n: number) => `+${count.format(n)} más`,
    showLess: 'Ver menos',
    moreLabel: (n: number) => `Ver los ${count.format(n)} números restantes`,
    paid: 'Pagado',
    owed: 'Debe',
    deadline: (when: string) => `Fecha límite: ${when}`,
    /** A payment under review keeps their reservations until then (no deadline runs meanwhile). */
    inReview: (until: string) => `Pago en revisión (hasta ${until})`,
    remind: 'Recordar por WhatsApp',
    write: 'Escribir por WhatsApp',
    remindLabel: (name: string) => `Recordar por WhatsApp a ${name}`,
    writeLabel: (name: string) => `Escribir por WhatsApp a ${name}`,
  },
  paginationLabel: 'Paginación de compradores',
  emptyTitle: 'Todavía no hay compradores en esta rifa',
  emptyDescription: 'Cuando alguien aparte o compre números, aparecerá aquí con sus datos de contacto.',
  noMatchTitle: 'Ningún comprador coincide',
  noMatchDescription: (term: string) => `No encontramos compradores para «${term}». Prueba con otro dato.`,
  errorTitle: 'No pudimos cargar los compradores',
  /** WhatsApp messages to a buyer (plain text: WhatsApp shows it as typed). */
  reminder: {
    greeting: (firstName: string | null) => (firstName ? `Hola, ${firstName}.` : 'Hola.'),
    owedIntro: (raffle: string) => `Te escribimos por tu reserva en la rifa «${raffle}».`,
    numbers: (list: string) => `Tus números: ${list}.`,
    moreNumbers: (n: number) => `y ${count.format(n)} más`,
    owed: (amount: string) => `Monto pendiente: ${amount}.`,
    deadline: (when: string) => `Fecha límite para pagar: ${when}`,
    howToPay: 'Cómo pagar:',
    owedClosing: 'Cuando pagues, envíanos el comprobante por aquí. ¡Gracias!',
    /** Some of what is owed has a payment under review: the amount does not count it yet. */
    partlyInReview: 'Tenemos en revisión un pago tuyo: este monto aún no lo descuenta.',
    /** Every reservation they have to pay is kept by a payment under review: nothing to ask for. */
    inReviewIntro: (raffle: string) => `Recibimos tu pago de la rifa «${raffle}» y lo estamos revisando.`,
    keptUntil: (when: string) => `Guardamos tus números hasta el ${when} mientras lo revisamos.`,
    inReviewClosing: 'Te avisaremos por aquí cuando lo confirmemos. ¡Gracias!',
    thanksIntro: (raffle: string) => `¡Gracias por participar en la rifa «${raffle}»!`,
    nothingOwed: 'No tienes pagos pendientes.',
    thanksClosing: '¡Mucha suerte en el sorteo!',
  },
} as const;
