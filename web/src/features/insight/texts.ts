/** Spanish texts of the dashboard's sales insight. */
export const insightTexts = {
  title: 'Ventas',
  description: 'Números vendidos y dinero cobrado hasta hoy.',
  /** A vendedor sees every sale of the raffles they work, not only theirs («Mis ventas» has those). */
  sellerDescription:
    'Números vendidos y dinero cobrado en las rifas que atiendes, por todos sus vendedores. Tus ventas y tu comisión están en «Mis ventas».',
  allSeller: 'Todas las rifas que atiendes',
  periodLabel: 'Período del gráfico',
  periods: { 7: '7 días', 30: '30 días', 90: '90 días' } as Record<number, string>,
  tiles: {
    label: 'Resumen de ventas',
    sold: 'Vendidos',
    soldHint: 'apartados, abonados y pagados',
    reserved: 'Apartados',
    partiallyPaid: 'Abonados',
    paid: 'Pagados',
    collected: 'Cobrado',
    owed: 'Por cobrar',
  },
  rate: {
    at: (date: string, rate: string) => `Bs a la tasa del ${date}: ${rate} Bs por dólar.`,
    stale: 'La tasa está desactualizada: los montos en Bs son aproximados.',
    none: 'Aún no hay tasa del día: los montos se muestran solo en dólares.',
  },
  chart: {
    title: 'Ventas por día',
    rule: (days: number) =>
      `Números apartados o vendidos cada día de los últimos ${days} días (hora de Caracas) que siguen vigentes; no cuenta anulados ni apartados vencidos.`,
    numbers: 'Números',
    amount: 'Monto',
    summary: (numbers: number, shown: string, amount: string, days: number) =>
      `${shown} ${numbers === 1 ? 'número' : 'números'} por ${amount} en los últimos ${days} días.`,
    empty: 'Aún no hay ventas en este período',
    emptyHint: 'Cuando alguien aparte un número lo verás aquí, día por día.',
  },
  error: 'No pudimos cargar las ventas',
  errorDescription: 'Revisa tu conexión e inténtalo de nuevo.',
} as const;
