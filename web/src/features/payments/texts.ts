const count = new Intl.NumberFormat('es-VE');
/** "del número 007" / "de los números 003, 004" (Spanish contracts "de el"). */
const ofNumbers = (numbers: string[]) =>
  numbers.length === 1 ? `del número ${numbers[0]}` : `de los números ${numbers.join(', ')}`;

export const paymentsTexts = {
  title: 'Pagos',
  description: 'Comprobantes de pago por revisar: apruébalos o recházalos.',
  tabsLabel: 'Pagos por estado',
  tabs: {
    pending: 'Pendientes',
    approved: 'Aprobados',
    rejected: 'Rechazados',
  },
  /** Read after the tab's name: "Pendientes (3 pagos)". */
  countLabel: (n: number) => (n === 1 ? '1 pago' : `${count.format(n)} pagos`),
  navBadge: (n: number) => (n === 1 ? '1 pago pendiente' : `${count.format(n)} pagos pendientes`),
  /** One card per payment: a proof for several numbers of an order is one payment with parts. */
  total: (payments: number) => (payments === 1 ? '1 pago' : `${count.format(payments)} pagos`),
  /** Pending tab once some were decided here (their cards stay in place). */
  totalLeft: (payments: number, decided: number) =>
    `${payments === 1 ? '1 pago por revisar' : `${count.format(payments)} pagos por revisar`} · ${
      decided === 1 ? '1 revisado ahora' : `${count.format(decided)} revisados ahora`
    }`,
  empty: {
    pending: {
      title: 'No hay pagos pendientes',
      description: 'Cuando un comprador envíe un comprobante, aparecerá aquí para que lo revises.',
    },
    approved: {
      title: 'No hay pagos aprobados',
      description: 'Los pagos que apruebes quedarán aquí como registro.',
    },
    rejected: {
      title: 'No hay pagos rechazados',
      description: 'Los pagos que rechaces quedarán aquí con su motivo.',
    },
  },
  errorTitle: 'No pudimos cargar los pagos',
  card: {
    numbersLabel: (n: number) => (n === 1 ? '1 número' : `${count.format(n)} números`),
    number: 'Número ',
    order: 'Pedido',
    noOrder: 'Pago sin pedido',
    partAmount: (amount: string) => `Recibe ${amount}`,
    partOwes: (owed: string) => `Falta ${owed}`,
    partPaid: 'Pagado por completo',
    /** An instant-win number fully paid (decision 041). */
    instantWin: (prize: string) => `¡Número premiado!: ${prize}`,
    bankConfirmed: 'Confirmado por el banco',
    recordedByStaff: 'Registrado por el personal',
    surplus: 'Sobrante',
    /** `owes`: what its numbers still owe now, formatted; null when nothing (all paid another way). */
    surplusHint: (brings: string, owes: string | null) =>
      owes === null
        ? 'Sobrante: sus números ya se pagaron por otro lado y no deben nada. Conviene rechazarlo y avisar al comprador.'
        : `Sobrante: este pago trae ${brings} y sus números ya solo deben ${owes} (parte se pagó por otro lado). No se aprueba de más: recházalo y registra a mano lo que sí corresponde, o pide otro comprobante.`,
    surplusApprove: 'Es un sobrante: trae más de lo que sus números deben ahora.',
    surplusReason: (owes: string | null) =>
      owes === null
        ? 'Sus números ya estaban pagados: este pago sobra. Escríbenos para devolverlo.'
        : `Este pago trae más de lo que faltaba por pagar (${owes}): parte ya se había pagado. Envía un comprobante por lo que falta o escríbenos.`,
    paidInBs: 'Pagado en Bs: convertido a la tasa del día',
    bank: 'Banco',
    noBank: 'Sin banco',
    payerPhone: 'Teléfono del pago móvil',
    paidOn: 'Fecha del pago',
    raffle: 'Rifa',
    noName: 'Sin nombre',
    phone: 'Teléfono',
    noPhone: 'Sin teléfono',
    whatsappLabel: (name: string, phone: string) => `Escribir por WhatsApp a ${name} (${phone})`,
    whatsappMessage: (name: string | null, raffle: string, numbers: string[]) =>
      `${name ? `Hola, ${name}.` : 'Hola.'} Te escribimos por tu pago ${ofNumbers(numbers)} de la rifa «${raffle}».`,
    cedula: 'Cédula',
    noCedula: 'Sin cédula',
    amount: 'Monto',
    rate: (rate: string) => `Tasa del pago: ${rate} Bs/USD`,
    noRate: 'Sin tasa registrada',
    method: 'Método',
    reference: 'Referencia',
    noReference: 'Sin referencia',
    sentAt: 'Enviado',
    reviewedAt: 'Revisado',
    reason: 'Motivo del rechazo',
    noReason: 'Sin motivo registrado',
    windowLeftHours: (hours: number) =>
      hours === 1 ? 'Queda 1 h para revisar' : `Quedan ${count.format(hours)} h para revisar`,
    windowLeftMinutes: (minutes: number) =>
      minutes <= 1 ? 'Queda menos de 1 min para revisar' : `Quedan ${minutes} min para revisar`,
    windowExpired: 'Ventana de revisión vencida',
    windowHint: 'Mientras esté en revisión, los números siguen apartados para el comprador.',
    duplicate: 'Posible duplicado',
    duplicateDescription:
      'Este comprobante o su referencia ya se usó en otro pago. Compáralos antes de aprobar: una transferencia paga una sola vez.',
    duplicateLink: (n: number, total: number) =>
      total === 1 ? 'Ver el pago anterior' : `Ver pago anterior ${n}`,
    duplicateUnknown: 'El pago anterior ya no aparece en la lista.',
    approve: 'Aprobar',
    reject: 'Rechazar',
    approveLabel: (numbers: string[]) => `Aprobar el pago ${ofNumbers(numbers)}`,
    rejectLabel: (numbers: string[]) => `Rechazar el pago ${ofNumbers(numbers)}`,
  },
  proof: {
    title: 'Comprobante',
    none: 'Sin comprobante adjunto',
    loading: 'Cargando comprobante…',
    error: 'No pudimos cargar el comprobante.',
    zoom: 'Ampliar comprobante',
    zoomTitle: (buyer: string, numbers: string[]) => `Comprobante de ${buyer} · ${numbers.join(', ')}`,
    zoomDescription: 'Imagen completa del comprobante enviado por el comprador.',
    alt: (buyer: string, numbers: string[]) => `Comprobante de pago de ${buyer} ${ofNumbers(numbers)}`,
    pdfTitle: (buyer: string) => `Comprobante en PDF de ${buyer}`,
    pdfFallback: 'Este navegador no muestra el PDF aquí.',
    download: 'Descargar PDF',
    open: 'Abrir en otra pestaña',
  },
  reject: {
    title: (buyer: string) => `Rechazar el pago de ${buyer}`,
    description: (numbers: string[], raffle: string) =>
      `Vas a rechazar el pago ${ofNumbers(numbers)} de la rifa «${raffle}». El comprador verá el motivo al consultar sus tickets.`,
    reason: 'Motivo del rechazo',
    reasonHint: 'Escríbelo para el comprador: por ejemplo, «La referencia no aparece en el banco».',
    confirm: 'Rechazar pago',
    rejecting: 'Rechazando…',
  },
  /** A card decided in this visit, where its buttons were (it stays until the tab changes). */
  decided: {
    approved: (numbers: string[]) => `Pago ${ofNumbers(numbers)} aprobado`,
    rejected: (numbers: string[]) => `Pago ${ofNumbers(numbers)} rechazado`,
    where: {
      approved: 'Ya está en «Aprobados».',
      rejected: 'Ya está en «Rechazados»; el comprador verá el motivo.',
    },
  },
  toasts: {
    refreshed: 'Actualizamos la lista con los datos más recientes.',
    failed: 'No se pudo registrar la decisión',
  },
} as const;
