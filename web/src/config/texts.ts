/** Spanish texts shared across the web app (not feature-specific, not shared with the server). */
export const texts = {
  brand: 'Rifas',
  tagline: 'Rifas virtuales garantizadas',
  unsavedChanges: {
    title: '¿Salir sin guardar?',
    description: 'Los datos que escribiste en este formulario se perderán.',
    stay: 'Seguir editando',
    leave: 'Salir sin guardar',
  },
  pagination: {
    previous: 'Anterior',
    next: 'Siguiente',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
  common: {
    loading: 'Cargando…',
    close: 'Cerrar',
    cancel: 'Cancelar',
    retry: 'Reintentar',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    back: 'Volver',
    goHome: 'Ir al inicio',
    underConstructionTitle: 'En construcción',
    underConstructionDescription:
      'Esta pantalla todavía se está construyendo. Muy pronto podrás usarla desde aquí.',
    genericError: 'No pudimos cargar la información. Revisa tu conexión e inténtalo de nuevo.',
  },
  paymentMethod: 'Método de pago',
  /** Choosing and uploading a payment proof (checkout, the success screen and tracking). */
  proof: {
    choose: 'Elegir archivo',
    remove: 'Quitar comprobante',
    uploading: (pct: number) => `Subiendo… ${pct}%`,
    uploaded: 'Comprobante listo',
    retry: 'Subirlo otra vez',
    tooLarge: 'El archivo supera el tamaño máximo de 5 MB.',
    wrongType: 'Tipo de archivo no permitido: sube una imagen JPG, PNG o WEBP, o un PDF.',
  },
  network: {
    offline: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    unavailable: 'El servidor no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
    unexpectedResponse: 'El servidor respondió de forma inesperada. Inténtalo de nuevo.',
  },
  publicNav: {
    label: 'Navegación principal',
    home: 'Inicio',
    tracking: 'Consultar tickets',
    staff: 'Acceso staff',
    dashboard: 'Ir al panel',
    footer: 'Rifas virtuales con números verificables. Los precios se muestran en USD y Bs.',
  },
  dashboardNav: {
    label: 'Menú del panel',
    menuTitle: 'Menú',
    breadcrumbRoot: 'Panel',
    dashboard: 'Panel',
    create: 'Crear rifa',
    history: 'Historial',
    payments: 'Pagos',
    users: 'Usuarios',
    testBench: 'Banco de pruebas',
    rates: 'Tasa del día',
    reconcile: 'Conciliación',
    audit: 'Auditoría',
    mySales: 'Mis ventas',
    sellers: 'Vendedores',
    viewSite: 'Ver sitio público',
    signOut: 'Cerrar sesión',
    signingOut: 'Cerrando sesión…',
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'La dirección que abriste no existe o fue movida. Revisa el enlace o vuelve al inicio.',
  },
  routerError: {
    // SPEC section 2 names this screen's title exactly.
    title: 'Unexpected Application Error!',
    description: 'Algo salió mal al mostrar esta pantalla. Recarga la página o vuelve al inicio.',
    reload: 'Recargar página',
    details: 'Detalles técnicos',
  },
  breadcrumbs: 'Ruta de navegación',
  /** Staff screens about one raffle (its buyers, its sold numbers) and the raffle pickers. */
  raffle: {
    label: 'Rifa',
    all: 'Todas las rifas',
    notYoursTitle: 'Esta rifa no es tuya',
    backToPanel: 'Volver al panel',
  },
  /** A ticket's change of status (the history, a number's panel). */
  statusChange: {
    changedTo: 'pasó a',
    noPrevious: 'Sin estado anterior',
    /** Who made a change nobody signed: the expiry sweep. */
    system: 'Sistema',
  },
  /** The staff lists' search box: buyers and sold numbers are found by the same buyer data. */
  search: {
    label: 'Buscar',
    placeholder: 'Nombre, cédula, teléfono o número',
    clear: 'Borrar búsqueda',
  },
  toasts: { region: 'Notificaciones', close: 'Cerrar notificación' },
  /** A value a buyer pastes into their bank app (payment accounts). */
  copy: {
    action: 'Copiar',
    done: 'Copiado',
    label: (what: string) => `Copiar ${what}`,
    doneLabel: (what: string) => `Copiado: ${what}`,
    failed: 'No se pudo copiar: mantén presionado el dato para copiarlo a mano.',
  },
} as const;
