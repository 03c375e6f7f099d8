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
  emptyDescription: 'Crea tu primera rifa: define el premio, el precio y la cantidad de números.',
  errorDescription: 'No pudimos cargar las rifas. Revisa tu conexión e inténtalo de nuevo.',
  summary: {
    raffles: 'Rifas',
    collected: 'Cobrado',
    pending: 'Por cobrar',
  },
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
    moreActions: (name: string) => `Más acciones de ${name}`,
  },
  close: {
    action: 'Cerrar ventas',
    actionLabel: (name: string) => `Cerrar las ventas de ${name}`,
    title: (name: string) => `¿Cerrar las ventas de «${name}»?`,
    description: 'Al cerrar, la rifa queda lista para el sorteo. Esto es definitivo:',
    publishes:
      'Se publica la lista de números apartados y vendidos con su huella digital (SHA-256), para que cualquiera pueda verificarla. La lista ya no cambia.',
    frozen: 'No se pueden apartar más números, ni liberar números, ni cambiar los datos de los compradores.',
    paymentsGoOn: 'Los pagos siguen: puedes seguir registrando y aprobando abonos y pagos.',
    inList: (n: number) =>
      n === 1 ? 'Entra 1 número en la lista publicada.' : `Entran ${n} números en la lista publicada.`,
    confirm: 'Sí, cerrar ventas',
    closing: 'Cerrando…',
    success: 'Ventas cerradas',
    successDescription: 'Se publicó la lista de números con su huella digital.',
  },
  draw: {
    action: 'Registrar resultado',
    actionLabel: (name: string) => `Registrar el resultado de ${name}`,
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
  },
  closedNote: (source: string | null) =>
    sentence(`Ventas cerradas. Falta registrar el resultado${source ? ` de ${source}` : ''}`),
  winner: {
    title: 'Número ganador',
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
    whatsapp: 'Escribir por WhatsApp',
    whatsappMessage: (name: string, raffle: string, number: string, source: string | null) =>
      `¡Hola, ${name}! Te escribimos por la rifa «${raffle}»: tu número ${number} resultó ganador` +
      `${source ? ` en el sorteo ${source}` : ''}. ¡Felicitaciones!`,
    loading: 'Cargando el ganador…',
    loadError: 'No pudimos cargar los datos del ganador.',
  },
  delete: {
    title: (name: string) => `¿Eliminar la rifa «${name}»?`,
    description:
      'Se borrarán la rifa, todos sus números y el historial de sus tickets. Esta acción no se puede deshacer.',
    soldWarning: (n: number) =>
      `Atención: esta rifa tiene ${n} ${n === 1 ? 'número apartado o vendido' : 'números apartados o vendidos'}.`,
    confirm: 'Sí, eliminar',
    deleting: 'Eliminando…',
    httpError: (status: number) => `Error al eliminar la rifa (${status}). Verifica los permisos.`,
    failed: (error: string) => `Error al eliminar la rifa: ${error}`,
  },
} as const;
