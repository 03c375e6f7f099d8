import { DEFAULT_DRILL_BUYERS, MAX_DRILL_BUYERS, MIN_DRILL_BUYERS } from '@domain/test-bench';

export const testBenchTexts = {
  title: 'Banco de pruebas',
  description:
    'Comprobaciones en vivo del sistema y un simulacro de muchos compradores a la vez. Nada de esto aparece en las rifas reales.',
  checks: {
    title: 'Comprobaciones en vivo',
    description: 'Base de datos, tiempo real, almacenamiento, tasa de cambio y vencimiento de reservas.',
    run: 'Ejecutar comprobaciones',
    running: 'Comprobando…',
    allPassed: 'Todas las comprobaciones pasaron',
    someFailed: (n: number) => (n === 1 ? '1 comprobación falló' : `${n} comprobaciones fallaron`),
    error: 'No se pudieron ejecutar las comprobaciones',
    never: 'Sin ejecuciones todavía. Pulsa «Ejecutar comprobaciones».',
    noData: 'Sin datos',
    loadError: 'No se pudo cargar el historial',
    lastRun: (when: string) => `Última: ${when}`,
  },
  status: { ok: 'Correcto', failed: 'Falló' },
  ms: (ms: number) => `${ms.toLocaleString('es-VE')} ms`,
  chart: (n: number, min: number, max: number) =>
    n === 1
      ? `Tiempo de la única ejecución: ${min} ms`
      : `Tiempos de las últimas ${n} ejecuciones: de ${min} a ${max} ms`,
  drill: {
    title: 'Simulacro de concurrencia',
    description:
      'Crea una rifa oculta, lanza a la vez muchos compradores sobre los mismos números por la ruta real de reservas, comprueba que ningún número se vendió dos veces y borra la rifa.',
    caution:
      'Mientras corre, las reservas reales pueden tardar un poco más: úsalo fuera de las horas de más venta.',
    buyers: 'Compradores simultáneos',
    buyersHint: `Entre ${MIN_DRILL_BUYERS} y ${MAX_DRILL_BUYERS}; por defecto ${DEFAULT_DRILL_BUYERS}.`,
    run: 'Ejecutar simulacro',
    running: 'Ejecutando simulacro…',
    runningHint: 'Puede tardar unos segundos.',
    error: 'No se pudo ejecutar el simulacro',
    done: 'Simulacro terminado',
    resultTitle: 'Resultado del simulacro',
    figures: {
      buyers: 'Compradores',
      /** Buyers over the drill's wall time: taken numbers (409) count as attempts served too. */
      perSecond: 'Intentos atendidos por segundo',
      perSecondShort: 'Intentos/s',
      // Said to an organizer, not an engineer: the median (p50) and the 99th percentile (p99).
      p50: 'Tiempo típico',
      p99: 'Peor caso',
      doubleSales: 'Ventas dobles',
      conflicts: 'Conflictos',
      when: 'Fecha',
      state: 'Estado',
    },
    noDoubleSales: 'Ninguna',
    conflictsHint: 'Compradores que encontraron un número ya tomado (respuesta 409, lo esperado).',
    perSecondHint:
      'Intentos atendidos por segundo: todos los compradores, con o sin número conseguido, entre la duración del simulacro.',
    timesHint:
      'Tiempo típico: lo que tardó la mitad de las compras o menos. Peor caso: 99 de cada 100 compras tardaron eso o menos.',
    summary: (reserved: number, sold: number, total: number) =>
      `${reserved} reservas lograron ${sold} de ${total} números.`,
    historyTitle: 'Simulacros anteriores',
    historyEmpty: 'Aún no hay simulacros',
    historyEmptyHint: 'Ejecuta el primero con el formulario de arriba.',
    historyError: 'No se pudo cargar el historial de simulacros',
  },
} as const;
