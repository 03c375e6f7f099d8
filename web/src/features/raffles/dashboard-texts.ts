/** Ends a sentence with one period, also after an abbreviation such as "p. m.". */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** Spanish texts of the staff raffle dashboard. */
export const dashboardTexts = {
  title: 'Panel',
  descriptionAdmin: 'Todas las rifas: números vendidos, dinero cobrado y lo que falta por cobrar.',
  descriptionSeller: 'Tus rifas: números vendidos, dinero cobrado y lo que falta por cobrar.',
  newRaffle: 'Nueva rifa',
  filterLabel: 'Filtrar por estado',
  all: 'Todas',
  empty: 'Todavía no hay rifas',
  emptyFiltered: 'No hay rifas con este estado',
  archivedToggle: 'Archivadas',
  archivedToggleHint: 'Ver las rifas archivadas',
  emptyArchived: 'No hay rifas archivadas',
  archivedBadge: 'Archivada',
  emptyDescription: 'Crea tu primera rifa: define el premio, el precio y la cantidad de números.',
  errorDescription: 'No pudimos cargar las rifas. Revisa tu conexión e inténtalo de nuevo.',
  summary: {
    raffles: 'Rifas',
    collected: 'Cobrado',
    pending: 'Por cobrar',
  },
  sellerLinks: {
    title: 'Mis enlaces de venta',
    description:
      'Comparte tu enlace: quien aparte números desde él en los próximos 7 días queda como venta tuya.',
    assigned: 'Asignada por el administrador',
    own: 'Tu rifa',
    credited: (n: number) =>
      `${new Intl.NumberFormat('es-VE').format(n)} ${n === 1 ? 'número vendido' : 'números vendidos'} con tu enlace`,
    qr: (name: string) => `Código QR de tu enlace para ${name}`,
    linkOf: (name: string) => `tu enlace de ${name}`,
    whatsapp: 'Enviar por WhatsApp',
    whatsappText: (name: string, url: string) =>
      `¡Participa en la rifa ${name}! Aparta tus números aquí: ${url}`,
    code: (code: string) => `Tu código de vendedor: ${code}`,
  },
  assignedBadge: 'Asignada',
  showMore: (left: number) =>
    `Ver más rifas (${left === 1 ? 'queda 1' : `quedan ${new Intl.NumberFormat('es-VE').format(left)}`})`,
  card: {
    price: 'Precio',
    numbers: 'Números',
    collected: 'Cobrado',
    pending: 'Por cobrar',
    countsLabel: 'Números por estado',
    closesIn: (left: string) => `Cierra en ${left}`,
    closed: 'Cerrada',
    noClosingDate: 'Sin fecha de cierre',
    edit: 'Editar',
    buyers: 'Compradores',
    tickets: 'Tickets vendidos',
    viewPublic: 'Ver pública',
    delete: 'Eliminar',
    archive: 'Archivar',
    archivedOn: (date: string) => `Archivada el ${date}`,
    moreActions: (name: string) => `Más acciones de ${name}`,
    /** Accessible names start with the visible label (WCAG 2.5.3) and name the raffle. */
    forRaffle: (label: string, name: string) => `${label}: ${name}`,
  },
  close: {
    action: 'Cerrar ventas',
    actionLabel: (name: string) => `Cerrar ventas de ${name}`,
    title: (name: string) => `¿Cerrar las ventas de «${name}»?`,
    description: 'Al cerrar, la rifa queda lista para el sorteo. Esto es definitivo:',
    publishes:
      'Se publica la lista de números apartados y vendidos con su huella digital (raíz Merkle SHA-256) y la hora del cierre, para que cualquiera pueda verificarla. La lista ya no cambia.',
    /** What closing means for unpaid numbers (the first sentence of drawMessages.closeRule is the bullet above). */
    unpaidRule:
      'Los números apartados al cierre participan; para cobrar el premio, el número ganador debe estar pagado completo.',
    frozen: 'No se pueden apartar más números, ni liberar números, ni cambiar los datos de los compradores.',
    paymentsGoOn: 'Los pagos siguen: puedes seguir registrando y aprobando abonos y pagos.',
    inList: (n: number) =>
      n === 1 ? 'Entra 1 número en la lista publicada.' : `Entran ${n} números en la lista publicada.`,
    confirm: 'Sí, cerrar ventas',
    closing: 'Cerrando…',
    success: 'Ventas cerradas',
    successDescription: 'Se publicó la lista de números con su huella digital.',
  },
  /** After close: the fingerprint, shared by the organizer, is what buyers compare the page with. */
  share: {
    action: 'Compartir huella',
    actionLabel: (name: string) => `Compartir huella de ${name}`,
    title: 'Comparte la huella de la lista',
    description:
      'Envíala ahora a tus compradores: con ella cualquiera comprueba que la lista publicada es la misma que cerraste.',
    textLabel: 'Texto para compartir',
    what: 'el texto con la huella',
    whatsapp: 'Compartir por WhatsApp',
    done: 'Listo',
    text: (p: {
      name: string;
      closedAt: string;
      lines: number;
      merkle: boolean;
      root: string;
      url: string;
    }) =>
      `Rifa ${p.name}: lista cerrada el ${p.closedAt} con ${p.lines} ${p.lines === 1 ? 'número' : 'números'}. ` +
      `Huella (${p.merkle ? 'raíz Merkle' : 'SHA-256'}): ${p.root}. Verifícala en ${p.url}`,
  },
  prizesPending: (labels: string) => `Premios por registrar: ${labels}`,
  draw: {
    action: 'Registrar resultado',
    actionLabel: (name: string) => `Registrar resultado de ${name}`,
    title: (name: string) => `Resultado del sorteo de «${name}»`,
    description: (source: string) => sentence(`Escribe el número que salió en el sorteo oficial: ${source}`),
    noSource: 'Escribe el número que salió en el sorteo oficial de lotería.',
    label: 'Número ganador',
    hint: (max: string) => `Entre 0 y ${max}.`,
    invalid: (max: string) => `Escribe un número entero entre 0 y ${max}.`,
    next: 'Continuar',
    confirmTitle: (n: string) => `¿Registrar el número ${n} como ganador?`,
    confirmDescription:
      'Verifica el número con el resultado oficial antes de confirmar. Una vez registrado no se puede cambiar ni deshacer.',
    back: 'Corregir',
    confirm: (n: string) => `Sí, registrar el ${n}`,
    saving: 'Registrando…',
    success: (n: string) => `Resultado registrado: número ${n}`,
    repeated: (n: string) =>
      `El ${n} ya ganó otro premio: se guardó el resultado y este premio espera el siguiente resultado.`,
    prize: 'Premio',
    prizeAction: 'Registrar premio',
    prizeActionLabel: (name: string) => `Registrar el resultado de un premio de ${name}`,
    /** A lottery source (issue 19): the result as published; the rule gives the number. */
    lotteryDescription: (source: string, rule: string | null) =>
      `Escribe el resultado oficial de ${sentence(source)}${rule ? ` ${rule}` : ''}`,
    resultLabel: 'Resultado oficial, tal como se publicó',
    /** A prize's next result (decision 084): which lottery draw gave it. */
    resultAtLabel: 'Fecha y hora del sorteo que dio este resultado',
    resultAtHint: (previous: string) =>
      `El siguiente sorteo de la lotería después del ${previous}: se publica junto al resultado para que cualquiera lo compruebe.`,
    resultAtRequired: 'Indica la fecha y hora del sorteo que dio este resultado.',
    resultAtBeside: (date: string) => `Sorteo del ${date}`,
    derived: 'Número ganador según la regla',
    tooEarly: (date: string) => `Podrás registrarlo desde el ${sentence(date)}`,
    confirmResultTitle: (result: string, n: string) =>
      `¿Registrar el resultado ${result}: número ganador ${n}?`,
    confirmResult: (n: string) => `Sí, registrar: gana el ${n}`,
    resultBeside: (result: string, source: string) => `Resultado ${result} de ${source}`,
    /** A drand source: nobody types anything; the server draws when the round is out. */
    drandRound: (round: number, time: string) =>
      `Se sortea solo con la ronda ${round} de drand (hacia ${time}).`,
    drandPending: 'Se sortea solo con la ronda de drand fijada al cerrar, en cuanto salga.',
  },
  closedDrand:
    'Ventas cerradas. El ganador sale del número aleatorio público (drand), sin que nadie lo registre.',
  closedNote: (source: string | null): string =>
    sentence(`Ventas cerradas. Falta registrar el resultado${source ? ` de ${source}` : ''}`),
  winner: {
    title: 'Número ganador',
    /** A later prize's panel: "Ganador del 2.º premio (Televisor)". */
    prizeTitle: (label: string, prize: string) => `Ganador del ${label} (${prize})`,
    buyer: 'Ganador',
    phone: 'Teléfono',
    cedula: 'Cédula',
    email: 'Correo',
    paid: 'Pagado',
    remaining: 'Por cobrar',
    status: 'Estado del número',
    fullyPaid: 'Pagado completo: puede recibir el premio.',
    notFullyPaid: (remaining: string) =>
      `El número ganador no está pagado completo: faltan ${remaining} para poder entregar el premio.`,
    notSold: 'Número no vendido: sin ganador',
    notSoldDetail: 'Nadie tenía este número al cierre de las ventas.',
    prizeWinnerGone: 'El ganador ya no tiene este número',
    prizeWinnerGoneDetail:
      'La venta que ganó se liberó o cambió de dueño después del sorteo: revisa el historial del número.',
    whatsapp: 'Escribir por WhatsApp',
    whatsappMessage: (name: string, raffle: string, number: string, source: string | null) =>
      `¡Hola, ${name}! Te escribimos por la rifa «${raffle}»: tu número ${number} resultó ganador` +
      `${source ? ` en el sorteo ${source}` : ''}. ¡Felicitaciones!`,
    whatsappPrizeMessage: (name: string, raffle: string, number: string, prize: string) =>
      `¡Hola, ${name}! Te escribimos por la rifa «${raffle}»: tu número ${number} ganó el premio «${prize}». ¡Felicitaciones!`,
    loading: 'Cargando el ganador…',
    loadError: 'No pudimos cargar los datos del ganador.',
  },
  clarification: {
    action: 'Agregar aclaración',
    actionLabel: (name: string) => `Agregar aclaración a ${name}`,
    title: (name: string) => `Aclaración para «${name}»`,
    description:
      'El nombre, la descripción y las fotos del premio ya no cambian. Una aclaración se publica con su fecha debajo de la descripción y no se puede borrar.',
    label: 'Aclaración',
    placeholder: 'Ej.: la moto se entrega en la agencia de Valencia, no en Caracas.',
    hint: (max: number) => `Hasta ${max} caracteres. Se muestra tal cual, con la fecha de hoy.`,
    required: 'Escribe la aclaración.',
    tooLong: (max: number) => `La aclaración admite hasta ${max} caracteres.`,
    confirm: 'Publicar aclaración',
    saving: 'Publicando…',
    success: 'Aclaración publicada',
  },
  archive: {
    title: (name: string) => `¿Archivar la rifa «${name}»?`,
    description:
      'La rifa deja de verse en la página pública y en el panel. Sus ventas, pagos e historial se conservan; la encuentras en «Archivadas».',
    whyNotDelete: 'Tiene números vendidos o pagos registrados, o ya cerró: por eso no se puede eliminar.',
    confirm: 'Sí, archivar',
    archiving: 'Archivando…',
    success: 'Rifa archivada',
    successDescription: (name: string) => `«${name}» ya no se ve en la página pública.`,
    failed: 'No se pudo archivar la rifa',
  },
  delete: {
    title: (name: string) => `¿Eliminar la rifa «${name}»?`,
    description:
      'Nadie ha apartado números en esta rifa: se borrará por completo. Esta acción no se puede deshacer.',
    confirm: 'Sí, eliminar',
    deleting: 'Eliminando…',
    httpError: (status: number) => `Error al eliminar la rifa (${status}). Verifica los permisos.`,
    failed: (error: string) => `Error al eliminar la rifa: ${error}`,
  },
} as const;
