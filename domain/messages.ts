/** Spanish texts shared by server and web. A user-facing string lives here once. */
export const messages = {
  auth: {
    missingCredentials: 'You must provide either an email or phone number and a password',
    invalidCredentials: 'Correo, teléfono o contraseña incorrectos',
    userDisabled: 'Tu cuenta está desactivada. Contacta a un administrador.',
    sessionMissing: 'Tu sesión expiró. Inicia sesión nuevamente.',
    invalidRefreshToken: 'La sesión ya no es válida. Inicia sesión nuevamente.',
    refreshTokenReused: 'Detectamos un uso repetido de tu sesión; por seguridad la cerramos.',
    forbidden: 'No tienes permiso para realizar esta acción.',
    tooManyAttempts: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    /** Per-account back-off: `wait` is already in words ("30 segundos", "4 minutos"). */
    accountBackoff: (wait: string) =>
      `Demasiados intentos fallidos con esta cuenta. Por seguridad, espera ${wait} e inténtalo de nuevo.`,
    signInSuccessTitle: 'Sesión iniciada',
    signInSuccessDescription: 'Has iniciado sesión correctamente',
    signInErrorTitle: 'Error de inicio de sesión',
    signInFailed: 'No se pudo iniciar sesión',
    unexpected: 'Ha ocurrido un error inesperado',
    signOutSuccessTitle: 'Sesión cerrada',
    signOutSuccessDescription: 'Has cerrado sesión correctamente',
    signOutError: 'Error al cerrar sesión',
  },
  users: {
    weakPassword: 'La contraseña es demasiado débil',
    duplicateEmail: 'Ya existe un usuario con ese correo',
    duplicatePhone: 'Ya existe un usuario con ese teléfono',
    notFound: 'Usuario no encontrado',
    cannotChangeSelf: 'No puedes desactivar tu propia cuenta ni quitarte el rol de administrador.',
    lastAdmin: 'Debe quedar al menos un administrador activo.',
  },
  http: {
    badRequest: 'La solicitud no es válida.',
    invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
    tooLarge: 'La solicitud es demasiado grande.',
    unsupportedMediaType: 'Tipo de contenido no soportado.',
    notFound: 'Recurso no encontrado.',
    routeNotFound: 'La ruta solicitada no existe.',
    internal: 'Ocurrió un error interno. Inténtalo de nuevo en unos minutos.',
    rateLimited: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    validation: 'Hay datos inválidos en la solicitud.',
    nulCharacter: 'La solicitud contiene un carácter no permitido (NUL).',
    /** Per address and raffle, per hour (RESERVATION_MAX_NUMBERS_PER_IP). */
    numbersPerIp: (max: number) =>
      `Desde tu conexión ya se apartaron ${max} números de esta rifa en la última hora, el máximo permitido. Inténtalo más tarde o paga los que ya apartaste.`,
    /** A reservation under pressure without a solved proof of work (RESERVATION_CHALLENGE_PER_MINUTE). */
    challengeRequired:
      'Hay mucha demanda en este momento: confirmamos que eres una persona y apartamos tus números enseguida.',
    challengeFailed:
      'No pudimos confirmar que eres una persona (la verificación venció o ya se usó). Inténtalo de nuevo.',
    streamsFull:
      'Hay muchas personas viendo rifas en este momento. El tablero se actualizará solo cada pocos segundos.',
    storageFull:
      'El servidor no puede guardar cambios en este momento (disco lleno). Tus datos están a salvo: inténtalo de nuevo en unos minutos.',
    databaseUnavailable:
      'El servicio no está disponible en este momento. Tus datos están a salvo: inténtalo de nuevo en unos segundos.',
    invalidCharacter:
      'El texto contiene un carácter no permitido (de control o mal formado). Escríbelo de nuevo sin copiarlo.',
    tooManyStreams: 'Tienes demasiadas páginas de rifas abiertas. Cierra alguna e inténtalo de nuevo.',
    /** Look-ups of one cédula that found nothing, per hour (TRACKING_MISSES_PER_CEDULA). */
    trackingMisses:
      'Hubo demasiados intentos con esta cédula y un teléfono que no coincide. Por seguridad, espera una hora e inténtalo de nuevo, o abre el enlace de tu pedido.',
    /** Wrong cédulas for one order code, per hour (ORDER_MISSES_PER_CODE). */
    orderMisses:
      'Hubo demasiados intentos con este código de pedido y una cédula que no coincide. Por seguridad, espera una hora e inténtalo de nuevo, o consulta tus números en «Mis tickets».',
    badUrl: 'La dirección de la solicitud no es válida (revisa los caracteres con %).',
    urlTooLong: 'Un dato de la dirección de la solicitud es demasiado largo.',
    headersTooLarge: 'Las cabeceras de la solicitud son demasiado grandes.',
    requestTimeout: 'La solicitud tardó demasiado en llegar.',
    forbiddenJsonKey:
      'El JSON usa una clave no permitida (__proto__, o constructor con prototype). Quítala y envía de nuevo.',
  },
  store: {
    loadRaffles: 'Error al cargar las rifas',
    loadRates: 'Error al cargar las tasas de cambio',
    loadTickets: 'Error al cargar los tickets',
    createRaffle: 'Error al crear la rifa',
    updateRaffle: 'Error al actualizar la rifa',
    updateTicket: 'Error al actualizar el ticket',
    reserveTicket: 'Error al reservar el ticket',
    getRaffle: 'Error al obtener la rifa',
    getSellerRaffles: 'Error al obtener las rifas del vendedor',
  },
  raffles: {
    onlyAdminsDelete: 'Solo los administradores pueden eliminar rifas.',
    deleteNoSession: 'Error de autenticación. Por favor inicia sesión nuevamente.',
    deleteSuccess: 'Rifa eliminada correctamente',
  },
} as const;
