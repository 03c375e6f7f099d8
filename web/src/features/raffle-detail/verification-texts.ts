const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const count = new Intl.NumberFormat('es-VE');

/** The first 16 hex characters of a fingerprint, enough to compare at a glance. */
export const shortFingerprint = (hex: string) => `${hex.slice(0, 16)}…`;

/** Spanish texts of "Verifica tu número" (`/verificar` and a closed raffle's page) and of the codes. */
export const verificationTexts = {
  page: {
    title: 'Verifica tu número',
    subtitle:
      'Comprueba tú mismo, en tu teléfono, que tu número está en la lista que quedó sellada al cerrar la rifa. No necesitas confiar en nosotros: tu navegador hace los cálculos.',
    documentTitle: 'Verifica tu número',
  },
  form: {
    title: 'Verifica tu número',
    description:
      'Con el código de verificación de tu ticket y tu cédula, tu teléfono comprueba que tu número está en la lista sellada al cierre.',
    raffle: 'Rifa',
    raffleHint: 'El enlace de la rifa o su código (está en tu ticket).',
    rafflePlaceholder: 'Pega el enlace de la rifa',
    number: 'Tu número',
    numberPlaceholder: 'Ej. 0042',
    code: 'Código de verificación',
    codeHint: 'Está en tu ticket, en tu seguimiento y en tu mensaje de WhatsApp.',
    codePlaceholder: 'Ej. K7M4Q2XAB9',
    cedula: 'Tu cédula',
    cedulaHint: 'Como la registraste: V-12345678, V12345678 o v-12.345.678 valen igual.',
    cedulaPlaceholder: 'V-12345678',
    receipt: 'Recibo firmado (opcional)',
    receiptHint:
      'El archivo recibo-<rifa>-<número>.json que descargaste en «Consulta tus tickets». Sirve para probar que tu venta existía.',
    receiptLoad: 'Cargar recibo',
    receiptLoaded: (name: string) => `Recibo cargado: ${name}`,
    receiptRemove: 'Quitar recibo',
    submit: 'Verificar mi número',
    submitting: 'Verificando…',
    needRaffle: 'Indica la rifa: pega su enlace o su código.',
    needNumber: 'Escribe tu número (solo cifras).',
    numberRange: (max: number) => `El número debe estar entre 0 y ${count.format(max)}.`,
    needCode: 'Escribe el código de verificación de tu ticket.',
    needCedula: 'Escribe tu cédula.',
    needSomething: 'Escribe tu número, código y cédula, o carga tu recibo firmado.',
  },
  result: {
    proven: (ticket: string) => `Tu número ${ticket} está en la lista sellada`,
    provenDetail: (ticket: string, closedAt: string, short: string, hashes: number) =>
      `Tu número ${ticket} está en la lista sellada el ${closedAt} (huella ${short}); comprobado con ${hashes} cálculos en tu teléfono.`,
    provenNoDate: (ticket: string, short: string, hashes: number) =>
      `Tu número ${ticket} está en la lista sellada (huella ${short}); comprobado con ${hashes} cálculos en tu teléfono.`,
    provenWhat:
      'Tu teléfono calculó tu línea con tu código y tu cédula y siguió el camino de huellas hasta la huella publicada al cierre. Si la lista hubiera cambiado después, no coincidiría.',
    notFound: (ticket: string) => `No encontramos el número ${ticket} con ese código y esa cédula`,
    notFoundInList:
      'El número está en la lista, pero su línea no corresponde a ese código y esa cédula. Revisa que copiaste bien el código y la cédula con la que compraste; si están bien, avisa al organizador y guarda tu ticket.',
    notFoundMissing:
      'La lista sellada no tiene ese número. Revisa el número; si lo compraste y pagaste, tu ticket y tu recibo firmado son tu prueba: avisa al organizador.',
    badProof: (ticket: string) => `No pudimos comprobar el número ${ticket}`,
    badProofDetail:
      'El camino de huellas que dio el servidor no lleva a la huella publicada al cierre. Guarda esta pantalla y avisa al organizador.',
    legacy: 'Esta rifa se cerró antes de las pruebas por número',
    legacyDetail:
      'Para las rifas cerradas antes se verifica la lista completa: usa «Verificar la lista completa» en la página de la rifa, busca tu número en la lista y compara su huella con la publicada.',
    notSealed: 'Esta rifa todavía no tiene lista sellada',
    notSealedDetail: 'La lista se sella al cerrar las ventas. Vuelve cuando la rifa esté cerrada.',
    failed: 'No pudimos verificar ahora',
    raffleNotFound: 'No encontramos esa rifa. Revisa el enlace o el código.',
  },
  receipt: {
    included: (ticket: string) => `Tu recibo firmado del número ${ticket} está en la lista sellada`,
    includedDetail:
      'La firma del recibo es válida y su línea está en la lista publicada: el organizador no quitó esta venta.',
    missing:
      'Este recibo firmado no aparece en la lista publicada: es prueba de que el organizador quitó una venta',
    missingDetail: (ticket: string) =>
      `El sistema firmó la venta del número ${ticket}, pero la lista sellada no la tiene. Guarda el recibo y esta pantalla: con ellos cualquiera puede comprobarlo.`,
    missingExpired: (ticket: string) => `El recibo del número ${ticket} no aparece en la lista sellada`,
    missingExpiredDetail: (until: string) =>
      `Era un apartado sin pagar que vencía el ${until}, antes del cierre: pudo liberarse por vencimiento. Si pagaste antes de esa hora, guarda el recibo y tu comprobante y avisa al organizador.`,
    badSignature: 'La firma de este recibo no es válida',
    badSignatureDetail:
      'El archivo fue modificado o no lo firmó este sistema: no prueba nada. Descarga tu recibo de nuevo en «Consulta tus tickets».',
    otherRaffle: 'Este recibo es de otra rifa',
    otherRaffleDetail: 'Abre la verificación de la rifa del recibo o carga el recibo correcto.',
    invalidFile: 'Este archivo no es un recibo firmado',
    invalidFileDetail:
      'Carga el archivo recibo-<rifa>-<número>.json que descargaste en «Consulta tus tickets».',
    badProof: (ticket: string) => `No pudimos comprobar el recibo del número ${ticket}`,
    keyLabel: 'Clave pública de los recibos (Ed25519)',
    keyFailed: 'No pudimos cargar la clave ahora. Recarga la página para intentarlo de nuevo.',
  },
  list: {
    match: (closedAt: string) => `Coincide con la huella publicada el ${closedAt}`,
    matchNoDate: 'Coincide con la huella publicada al cierre',
    matchDetail: (lines: number) =>
      `Tu teléfono calculó la huella de las ${count.format(lines)} ${plural(lines, 'línea', 'líneas')} de la lista y es igual a la publicada: la lista no cambió desde el cierre.`,
    compare:
      'Compárala también con la huella que el organizador compartió al cerrar (por WhatsApp o en sus redes): deben ser iguales, letra por letra.',
    noMatch: 'No coincide con la huella publicada',
    noMatchDetail:
      'La lista descargada no da la huella publicada al cierre: alguien la cambió. Guarda esta pantalla y avisa al organizador.',
    computed: 'Huella calculada en tu teléfono',
    published: 'Huella publicada',
    failed: 'No pudimos descargar la lista. Revisa tu conexión e intenta de nuevo.',
    merkle: 'Huella: raíz Merkle (SHA-256, RFC 6962) de las líneas en orden de número.',
    flat: 'Huella: SHA-256 del texto completo de la lista (rifas cerradas antes de las pruebas por número).',
  },
  codes: {
    title: 'Códigos de verificación',
    hint: 'Con tu número, su código y tu cédula compruebas tú mismo que tu número está en la lista sellada. No los compartas.',
    code: 'Código de verificación',
    qrLabel: (ticket: string) => `Código QR para verificar el número ${ticket}`,
    verify: 'Verificar',
    pending: 'El código aparecerá aquí en cuanto el sistema lo genere.',
    shareLine: (ticket: string, code: string) => `${ticket}: ${code}`,
    shareIntro: 'Códigos para verificar mis números (guárdalos):',
  },
  icons: { ok: 'Comprobado', bad: 'Falló', warn: 'Atención' },
} as const;
