const count = new Intl.NumberFormat('es-VE');

export const historyTexts = {
  title: 'Historial de tickets',
  description: 'Cada cambio de estado de un ticket: quién lo hizo y cuándo.',
  filters: {
    label: 'Filtros del historial',
    rafflesLoading: 'Cargando rifas…',
    status: 'Nuevo estado',
    allStatuses: 'Todos los estados',
    from: 'Desde',
    to: 'Hasta',
    clear: 'Limpiar filtros',
    badRange: 'La fecha «Desde» es posterior a «Hasta»: no hay cambios en ese rango.',
  },
  columns: {
    when: 'Fecha',
    raffle: 'Rifa',
    number: 'Número',
    change: 'Cambio',
    who: 'Quién',
    note: 'Nota',
  },
  ticket: (number: string) => `Número ${number}`,
  total: (n: number) => (n === 1 ? '1 cambio' : `${count.format(n)} cambios`),
  showing: (from: number, to: number, total: number) =>
    `Mostrando ${count.format(from)}–${count.format(to)} de ${count.format(total)} cambios`,
  paginationLabel: 'Paginación del historial',
  emptyTitle: 'Todavía no hay cambios registrados',
  emptyDescription: 'Cuando se aparte, pague o libere un número, el cambio aparecerá aquí.',
  noMatchTitle: 'Ningún cambio coincide con los filtros',
  noMatchDescription: 'Prueba con otra rifa, otro estado u otras fechas.',
  errorTitle: 'No pudimos cargar el historial',
} as const;
