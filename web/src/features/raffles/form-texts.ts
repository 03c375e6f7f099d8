/** Spanish texts of the create / edit raffle form. */
export const formTexts = {
  sections: {
    prize: 'Premio',
    prizeDescription: 'Lo que verá el comprador primero: nombre, descripción y fotos del premio.',
    numbers: 'Números y precio',
    numbersDescription:
      'El precio es por número, en dólares. Los montos en Bs se calculan con la tasa del día.',
    draw: 'Cierre y sorteo',
    drawDescription: 'Cuándo cierra la venta y qué sorteo oficial decide el número ganador.',
    organizer: 'Organizador y pagos',
    organizerDescription:
      'Lo que el comprador ve para confiar y pagar: quién organiza, a qué WhatsApp escribir y cómo pagar.',
    accounts: 'Cuentas de pago',
    accountsDescription:
      'Los datos exactos para pagarte. El comprador los ve al apartar, cada uno con un botón para copiarlo.',
    sellers: 'Vendedores y clasificación',
    sellersDescription:
      'Quién vende esta rifa con su propio enlace, y si la página muestra el top de vendedores y compradores.',
    publish: 'Publicación',
    publishDescription: 'Solo las rifas activas aparecen en la página de inicio y reciben reservas.',
  },
  sellers: 'Vendedores asignados',
  sellersEmpty: 'Todavía no hay vendedores. Créalos en Usuarios.',
  sellersLoading: 'Cargando vendedores…',
  showLeaderboards: 'Mostrar clasificación en la página de la rifa',
  showLeaderboardsHint:
    'Top vendedores y top compradores: solo cantidades de números y nombres abreviados, nunca montos ni datos de contacto.',
  name: 'Nombre de la rifa',
  namePlaceholder: 'Moto Bera SBR 2026',
  description: 'Descripción del premio',
  descriptionPlaceholder: 'Modelo, estado, cómo y dónde se entrega el premio…',
  price: 'Precio por número (USD)',
  pricePlaceholder: '5,00',
  priceHint: 'En dólares, p. ej. 5 o 2,50.',
  priceBs: (bs: string) => `Equivale a ${bs} a la tasa del día.`,
  /** Edit of a raffle with sales (decision 010: a sale keeps the price it was made at). */
  priceChangeWarning:
    'El nuevo precio solo aplica a las ventas nuevas; los números ya apartados o vendidos conservan su precio.',
  totalNumbers: 'Cantidad de números',
  /** Beside a field the server refuses to change once someone bought (size, official draw). */
  salesLockedHint: 'No se puede cambiar: ya hay números apartados o vendidos.',
  /**
   * Beside size, digits, payment type and installments once any number was ever taken, even if
   * released since (issue 18: the server answers 409 TERMS_LOCKED to a change).
   */
  termsLockedHint: 'No se puede cambiar: ya se apartaron o vendieron números de esta rifa.',
  /** Beside a term of a closed raffle (decision 010: the sales were made under it). */
  closedLockedHint: 'No se puede cambiar: la rifa ya cerró.',
  digitCount: 'Cifras por número',
  digitOption: (d: number) => `${d} ${d === 1 ? 'cifra' : 'cifras'} (${'0'.repeat(d)} a ${'9'.repeat(d)})`,
  digitHint: (total: string, digits: number) =>
    `Para ${total} números basta con ${digits} ${digits === 1 ? 'cifra' : 'cifras'}.`,
  useSuggested: (digits: number) => `Usar ${digits}`,
  paymentType: 'Forma de pago',
  paymentTypeHints: {
    pago_unico: 'El comprador paga el número completo.',
    cuotas: 'El comprador abona por partes hasta completar el precio.',
  },
  installments: 'Cantidad de cuotas',
  installmentsPlaceholder: '4',
  closingDate: 'Fecha y hora de cierre',
  closingDateHint: 'Hora de Venezuela. Déjala vacía si aún no está definida.',
  closingPreview: (date: string) => `Cierra el ${date} (hora de Venezuela).`,
  reservationMinutes: 'Minutos para pagar un número apartado',
  reservationMinutesHint:
    'Pasado ese tiempo sin reportar un pago, el número vuelve a estar disponible (120 = 2 horas).',
  maxPerBuyer: 'Máximo de números por comprador',
  maxPerBuyerHint: 'Por cédula. Evita que una sola persona aparte toda la rifa; se muestra en la página.',
  /** The declared source (issue 19): frozen with the first sale, shown to buyers before they buy. */
  source: {
    title: 'Sorteo',
    description:
      'Declara antes de la primera venta de dónde sale el número ganador. Los compradores lo ven antes de comprar y no se puede cambiar después.',
    kind: 'Fuente del sorteo',
    kindNone: 'Sin fuente declarada (solo texto)',
    kindHints: {
      none: 'Sin fuente declarada el resultado se escribe a mano. Declara una lotería o el faro público para que nadie pueda torcer el sorteo.',
      loteria: 'El número ganador sale del resultado oficial de una lotería, con la regla de abajo.',
      drand:
        'El número ganador sale de una ronda del faro público drand (League of Entropy) fijada al cerrar: nadie la conoce antes, ni nosotros.',
    },
    lottery: 'Lotería',
    lotteryPlaceholder: 'Triple Táchira A',
    drawAt: 'Fecha y hora del sorteo de la lotería',
    drawAtHint: 'Hora de Venezuela. Debe ser posterior a la fecha de cierre.',
    drawAtPreview: (date: string) => `Sorteo de la lotería el ${date} (hora de Venezuela).`,
    rule: 'Regla',
    ruleOption: 'Últimos dígitos del primer premio',
    lockedHint: 'No se puede cambiar: ya se apartaron o vendieron números de esta rifa.',
  },
  drawSource: 'Sorteo oficial que decide el ganador',
  drawSourcePlaceholder: 'Triple Táchira A, 10:00 p. m.',
  drawSourceHint: 'Lotería y hora del sorteo. No se podrá cambiar cuando haya números vendidos.',
  organizerName: 'Nombre del organizador',
  organizerNamePlaceholder: 'Rifas El Trébol',
  contactPhone: 'WhatsApp de contacto',
  contactPhonePlaceholder: '0414-1234567',
  contactPhoneHint: 'Los compradores escriben y envían su comprobante a este número.',
  paymentInstructions: 'Instrucciones de pago',
  paymentInstructionsPlaceholder:
    'Pago móvil: Banco de Venezuela, 0414-1234567, V-12345678\nZelle: pagos@ejemplo.com',
  paymentInstructionsHint: 'Cuentas y datos para pagar. Se muestran tal cual al comprador que aparta.',
  packages: {
    title: 'Paquetes de números',
    description:
      'Ofertas como «5 números por $20». Al apartar se cobra la combinación más barata. Se fijan con la primera venta.',
    empty: 'Sin paquetes: cada número se vende al precio de arriba.',
    add: 'Agregar paquete',
    numbers: (n: number) => `Números del paquete ${n}`,
    price: (n: number) => `Precio del paquete ${n} (USD)`,
    remove: (n: number) => `Quitar el paquete ${n}`,
    removeShort: 'Quitar',
  },
  instantWins: {
    title: 'Números premiados (opcional)',
    description:
      'Hasta 20 números con un premio pequeño que se gana al pagar el número completo. Solo se publica una huella (compromiso) hasta el cierre; ahí se muestran los números y cualquiera puede comprobar que no cambiaron. Se fijan con la primera venta.',
    empty: 'Sin números premiados.',
    add: 'Agregar número premiado',
    /** Visible "Número" / "Premio"; the rest names the row for screen readers ("Número premiado 2"). */
    numberShort: 'Número',
    numberRest: (n: number) => ` premiado ${n}`,
    prizeShort: 'Premio',
    prizeRest: (n: number) => ` del número ${n}`,
    prizePlaceholder: 'Una gorra, recarga de $5…',
    remove: (n: number) => `Quitar el número premiado ${n}`,
    removeShort: 'Quitar',
    won: (ticket: string) => `Ganado por el número vendido ${ticket}`,
    secret: 'Solo tú y los administradores ven esta lista antes del cierre.',
  },
  accounts: {
    empty: 'Aún no hay cuentas. Agrega al menos una para que el comprador sepa a dónde pagar.',
    add: 'Agregar cuenta',
    title: (n: number, method: string) => `Cuenta ${n} · ${method}`,
    remove: (n: number) => `Quitar cuenta ${n}`,
    removeShort: 'Quitar',
    method: 'Cómo se paga',
    optional: (label: string) => `${label} (opcional)`,
    bankPlaceholder: 'Selecciona un banco',
    placeholders: {
      phone: '0414-1234567',
      account_number: '0102 0123 45 0123456789',
      email: 'pagos@ejemplo.com',
      binance_id: '123456789',
      holder: 'Como aparece en el banco',
      id_document: 'V-12345678 o J-12345678-9',
    },
    hints: {
      account_number: 'Los 20 dígitos; empieza por el código del banco.',
      binance_id: 'El ID de Binance Pay, el correo de la cuenta o ambos.',
    },
    full: (max: number) => `Puedes agregar hasta ${max} cuentas.`,
  },
  status: 'Estado',
  statusByActions: 'Para cerrar las ventas o registrar el sorteo usa las acciones de la rifa en el panel.',
  statusHints: {
    borrador: 'Solo la ve el equipo; no recibe reservas.',
    activa: 'Visible al público y recibiendo reservas.',
    cerrada: 'Visible, pero ya no recibe reservas.',
    finalizada: 'El sorteo ya se realizó.',
  },
  images: 'Fotos del premio',
  imagesHint: (max: number) =>
    `JPG, PNG o WEBP de hasta 5 MB. Máximo ${max} fotos; la primera es la portada. Ordénalas arrastrándolas o con los botones de cada foto.`,
  addImages: 'Agregar fotos',
  uploading: 'Subiendo…',
  removeImage: (n: number) => `Quitar foto ${n}`,
  cover: 'Portada',
  makeCover: (n: number) => `Usar la foto ${n} como portada`,
  moveBefore: (n: number) => `Mover antes la foto ${n}`,
  moveAfter: (n: number) => `Mover después la foto ${n}`,
  movedTo: (position: number, total: number) =>
    position === 1
      ? `Foto movida a la posición 1 de ${total}: ahora es la portada.`
      : `Foto movida a la posición ${position} de ${total}.`,
  removed: (total: number) => `Foto quitada. Quedan ${total}.`,
  uploadingPhoto: (n: number) => `Subiendo la foto ${n}…`,
  imageAlt: (n: number) => `Foto ${n} del premio`,
  tooManyImages: (max: number) => `Puedes subir hasta ${max} fotos.`,
  imageTooLarge: (name: string) => `«${name}» supera el tamaño máximo de 5 MB.`,
  imageWrongType: (name: string) => `«${name}» no es una imagen JPG, PNG o WEBP.`,
  imageUploadError: 'No se pudo subir la foto',
  cancel: 'Cancelar',
  errorsBelow: 'Revisa los campos marcados en rojo.',
  validation: {
    nameRequired: 'Escribe el nombre de la rifa',
    price: 'Escribe el precio en dólares, p. ej. 5 o 2,50',
    packageNumbers: 'Escribe cuántos números trae el paquete, p. ej. 5',
    instantWinNumber: 'Escribe el número premiado (un número entero de la rifa)',
    priceTooHigh: 'El precio máximo por número es $1.000.000,00',
    total: 'Escribe cuántos números tiene la rifa (un número entero)',
    digits: 'Elige cuántas cifras tiene cada número',
    installments: 'Escribe la cantidad de cuotas (un número entero)',
    minutes: 'Escribe los minutos como un número entero',
    maxPerBuyer: 'Escribe el máximo como un número entero',
    closingDate: 'Elige una fecha y hora válidas',
    drawAt: 'Elige la fecha y hora del sorteo de la lotería',
  },
} as const;
