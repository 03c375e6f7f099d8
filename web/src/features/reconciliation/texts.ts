import { MAX_STATEMENT_BYTES } from '@domain/reconciliation';

const count = new Intl.NumberFormat('es-VE');
const plural = (n: number, one: string, many: string) =>
  n === 1 ? `1 ${one}` : `${count.format(n)} ${many}`;

export const reconciliationTexts = {
  title: 'Conciliación bancaria',
  description:
    'Sube el estado de cuenta del banco: cada abono se cruza con los pagos reportados por referencia, monto y fecha.',
  upload: {
    title: 'Subir estado de cuenta',
    description: `CSV o Excel (.xlsx) tal como lo descargas del banco, hasta ${MAX_STATEMENT_BYTES / 1024 / 1024} MB.`,
    bank: 'Banco',
    bankPlaceholder: 'Elige el banco (opcional)',
    bankHint: 'Sirve para recordar las columnas de cada banco.',
    file: 'Archivo',
    drop: 'Arrastra el archivo aquí',
    or: 'o',
    choose: 'Elegir archivo',
    change: 'Cambiar archivo',
    remove: 'Quitar archivo',
    submit: 'Cruzar con los pagos',
    submitting: 'Leyendo el estado de cuenta…',
    wrongType: 'Sube el estado de cuenta como CSV o Excel (.xlsx).',
    tooLarge: `El archivo supera el tamaño máximo de ${MAX_STATEMENT_BYTES / 1024 / 1024} MB.`,
    size: (bytes: number) =>
      bytes < 1024 * 1024
        ? `${Math.max(1, Math.round(bytes / 1024))} KB`
        : `${(bytes / 1024 / 1024).toFixed(1)} MB`,
  },
  mapping: {
    title: '¿Qué columna es cada dato?',
    description:
      'No reconocemos las columnas de este archivo. Indícalas una vez: la próxima vez que subas un estado de cuenta con las mismas columnas no te lo preguntaremos.',
    sample: 'Primeras filas del archivo',
    none: 'Ninguna',
    choose: 'Elige una columna',
    optional: '(opcional)',
    required: 'Elige una columna para este dato',
    submit: 'Leer con estas columnas',
    cancel: 'Cancelar',
  },
  summary: {
    title: (file: string) => `Resultado de ${file}`,
    uploadedAt: (when: string) => `Subido el ${when}`,
    rows: (n: number) => plural(n, 'abono leído', 'abonos leídos'),
    skipped: (n: number) =>
      `${plural(n, 'movimiento ya se había importado', 'movimientos ya se habían importado')}: no se agregan de nuevo.`,
    debits: (n: number) => `${plural(n, 'débito ignorado', 'débitos ignorados')}.`,
    unreadable: (lines: number[]) =>
      `${plural(lines.length, 'fila no se pudo leer', 'filas no se pudieron leer')} (${lines.length === 1 ? 'fila' : 'filas'} ${lines.slice(0, 8).join(', ')}${lines.length > 8 ? '…' : ''}).`,
    nothingNew: 'Este estado de cuenta ya se había subido: no hay movimientos nuevos.',
  },
  states: {
    label: 'Filtrar por estado',
    all: 'Todos',
  },
  approve: {
    button: (n: number) => (n === 1 ? 'Aprobar 1 coincidencia' : `Aprobar ${count.format(n)} coincidencias`),
    nothing: 'No hay coincidencias por aprobar',
    title: (n: number) =>
      n === 1 ? '¿Aprobar 1 coincidencia?' : `¿Aprobar ${count.format(n)} coincidencias?`,
    description:
      'Se aprobará el pago de cada abono que coincide, con las mismas verificaciones que una aprobación manual. Un pago que ya no se pueda aprobar se informa y no detiene a los demás.',
    confirm: 'Aprobar',
    approved: (n: number) => plural(n, 'pago aprobado', 'pagos aprobados'),
    failed: (n: number) => plural(n, 'pago no se pudo aprobar', 'pagos no se pudieron aprobar'),
    failedTitle: 'No se aprobaron',
    payment: (id: string) => `Pago ${id.slice(0, 8)}`,
  },
  rows: {
    title: 'Movimientos',
    empty: 'Ningún movimiento en este estado.',
    date: 'Fecha',
    reference: 'Referencia',
    description: 'Concepto',
    amount: 'Monto',
    state: 'Estado',
    payment: 'Pago reportado',
    noPayment: 'Nadie ha reportado esta referencia.',
    ticket: (number: string, raffle: string) => `N.º ${number} · ${raffle}`,
    noName: 'Sin nombre',
    expected: (bs: string) => `esperado ${bs}`,
    noRate: 'sin tasa',
    confirmed: 'Confirmado por este abono',
    line: (n: number) => `Fila ${n}`,
    showMore: (n: number) => `Mostrar ${count.format(n)} más`,
  },
  recent: {
    title: 'Estados de cuenta subidos',
    empty: 'Todavía no has subido ningún estado de cuenta.',
    open: 'Ver',
    counts: (matched: number, rows: number) =>
      `${count.format(matched)} de ${plural(rows, 'abono', 'abonos')} por aprobar`,
  },
  errorTitle: 'No se pudo cargar el estado de cuenta',
  listErrorTitle: 'No se pudieron cargar los estados de cuenta',
  newUpload: 'Subir otro',
};
