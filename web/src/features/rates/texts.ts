import type { RateSource } from '@domain/rates';

/** Spanish texts of the "Tasa del día" screen and the stale-rate banner (staff only). */
export const ratesTexts = {
  title: 'Tasa del día',
  description: 'Los bolívares por dólar con los que se muestran los precios en Bs y se registran los pagos.',
  current: {
    title: 'Tasa actual del dólar',
    perDollar: 'por dólar',
    value: (rate: string) => `Bs ${rate}`,
    day: 'Día de la tasa',
    updatedAt: 'Guardada',
    source: 'Origen',
    none: 'Todavía no hay una tasa guardada.',
    noneHint: 'Escríbela a mano abajo o pulsa «Actualizar» para traerla de la fuente automática.',
    stale:
      'Esta tasa está desactualizada: los montos en bolívares son referenciales hasta que la actualices.',
    fresh: 'Al día',
    staleBadge: 'Desactualizada',
    loadError: 'No pudimos cargar la tasa del día.',
  },
  sources: {
    remote: 'Automática',
    manual: 'Manual',
  } satisfies Record<RateSource, string>,
  unknownSource: 'Desconocido',
  refresh: {
    button: 'Actualizar',
    refreshing: 'Actualizando…',
    done: 'Tasa actualizada desde la fuente automática.',
    failed: 'No se pudo actualizar la tasa',
  },
  form: {
    title: 'Escribir la tasa a mano',
    description:
      'Por ejemplo la tasa oficial del BCV de hoy. Reemplaza la tasa de hoy, si ya hay una, y la fuente automática no la cambia hasta mañana.',
    label: 'Bolívares por dólar',
    placeholder: 'Ej. 36,50',
    hint: 'Usa coma para los decimales, hasta 6 decimales.',
    submit: 'Guardar tasa',
    saving: 'Guardando…',
    saved: (rate: string) => `Tasa guardada: Bs ${rate} por dólar.`,
    failed: 'No se pudo guardar la tasa',
    invalid: 'Escribe un número mayor que cero, p. ej. 36,50.',
  },
  history: {
    title: 'Últimos 30 días',
    description: 'La tasa guardada cada día, en bolívares por dólar.',
    empty: 'Aún no hay tasas guardadas en los últimos 30 días.',
    loadError: 'No pudimos cargar el historial de tasas.',
    chartLabel: (n: number, first: string, last: string) =>
      `Gráfico de la tasa en ${n} ${n === 1 ? 'día' : 'días'}: de Bs ${first} a Bs ${last} por dólar.`,
    rate: 'Tasa',
    showData: 'Ver las tasas día por día',
    tableCaption: 'Tasas de los últimos 30 días',
    date: 'Día',
    source: 'Origen',
  },
  banner: {
    stale: 'La tasa del día está desactualizada',
    missing: 'No hay tasa del día',
    staleDetail: (rate: string, day: string) =>
      `Los montos en bolívares usan la última tasa guardada: Bs ${rate} por dólar (${day}).`,
    missingDetail: 'Los precios se muestran solo en dólares hasta que se guarde una tasa.',
    adminAction: 'Actualizar la tasa',
    sellerHint: 'Avisa a un administrador para que la actualice.',
  },
} as const;
