import { z } from './zod';

/** The live checks of the test bench, in the order they are shown. */
export const TEST_BENCH_CHECKS = [
  'database',
  'realtime',
  'storage',
  'rates',
  'expiry',
  'ledger',
  'audit',
] as const;
export type TestBenchCheck = (typeof TEST_BENCH_CHECKS)[number];
export const TEST_BENCH_KINDS = [...TEST_BENCH_CHECKS, 'drill'] as const;
export type TestBenchKind = (typeof TEST_BENCH_KINDS)[number];

export const MIN_DRILL_BUYERS = 1;
export const MAX_DRILL_BUYERS = 1000;
export const DEFAULT_DRILL_BUYERS = 200;

export const testBenchMessages = {
  checkNames: {
    database: 'Base de datos',
    realtime: 'Tiempo real',
    storage: 'Almacenamiento',
    rates: 'Tasa de cambio',
    expiry: 'Vencimiento de reservas',
    ledger: 'Libro de pagos',
    audit: 'Registro de auditoría',
  } satisfies Record<TestBenchCheck, string>,
  drillName: 'Simulacro de concurrencia',
  invalidBuyers: `Indica entre ${MIN_DRILL_BUYERS} y ${MAX_DRILL_BUYERS} compradores`,
  drillRunning: 'Ya hay un simulacro en curso. Espera a que termine.',
  drillRush:
    'Una rifa real está vendiendo mucho en este momento: el simulacro espera a que baje para no hacer esperar a los compradores. Inténtalo en unos minutos.',
  database: (ms: number, latest: string, applied: number, shipped: number) =>
    applied === shipped
      ? `Consulta en ${ms} ms; migraciones al día (${applied} de ${shipped}, última ${latest})`
      : `Consulta en ${ms} ms; migraciones aplicadas ${applied} de ${shipped} (última ${latest})`,
  realtime: (ms: number) => `El cambio volvió por el canal en vivo en ${ms} ms`,
  realtimeTimeout: (ms: number) => `El cambio no volvió por el canal en vivo en ${ms} ms`,
  storage: (bytes: number) => `Se escribieron, leyeron y borraron ${bytes} bytes sin dejar rastro`,
  storageMismatch: 'El archivo leído no coincide con el escrito',
  storageLeftover: 'El archivo de prueba quedó guardado después de borrarlo',
  rates: (bsPerUsd: string, hours: number) =>
    `${bsPerUsd} por dólar, actualizada ${hours < 1 ? 'hace menos de 1 h' : `hace ${hours} h`}`,
  ratesMissing: 'No hay tasa de cambio del bolívar (VES) registrada',
  ratesStale: (bsPerUsd: string, date: string) =>
    `La tasa (${bsPerUsd} por dólar) es del ${date}: está desactualizada`,
  expiry: (minutes: number, released: number) =>
    `Último barrido ${minutes < 1 ? 'hace menos de 1 min' : `hace ${minutes} min`}; liberó ${released} ${released === 1 ? 'reserva vencida' : 'reservas vencidas'}`,
  expiryNever: 'El barrido de reservas vencidas no se ha ejecutado nunca',
  expiryLate: (minutes: number) => `El último barrido fue hace ${minutes} min: el trabajo parece detenido`,
  ledger: (sales: number) =>
    `Lo pagado de ${sales} ${sales === 1 ? 'venta coincide' : 'ventas coincide'} con sus pagos aprobados menos reembolsos`,
  ledgerMismatch: (sales: number, numbers: string) =>
    `${sales} ${sales === 1 ? 'venta no cuadra' : 'ventas no cuadran'} con su libro de pagos (${numbers})`,
  audit: (entries: number) =>
    `La cadena de auditoría se recalculó completa: ${entries} ${entries === 1 ? 'entrada íntegra' : 'entradas íntegras'}`,
  auditBroken: (seq: number) =>
    `La cadena de auditoría está rota en la entrada #${seq}: fue alterada, borrada o insertada después`,
  failed: (message: string) => `Falló: ${message}`,
} as const;

/** `POST /api/test-bench/drill`. */
export const drillSchema = z
  .object({
    buyers: z
      .int(testBenchMessages.invalidBuyers)
      .min(MIN_DRILL_BUYERS, testBenchMessages.invalidBuyers)
      .max(MAX_DRILL_BUYERS, testBenchMessages.invalidBuyers),
  })
  .strict();
export type DrillInput = z.input<typeof drillSchema>;

/** `GET /api/test-bench/runs?kind=&limit=`. */
export const testBenchRunsQuery = z.object({
  kind: z.enum(TEST_BENCH_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** A recorded run: `result` holds the check's figures and a Spanish `detail` line. */
export const testBenchRunSchema = z.object({
  id: z.string(),
  kind: z.enum(TEST_BENCH_KINDS),
  ok: z.boolean(),
  duration_ms: z.number(),
  result: z.looseObject({ detail: z.string().optional() }),
  created_at: z.string(),
});
export type TestBenchRun = z.infer<typeof testBenchRunSchema>;

/** What a concurrency drill measured (the API answer; also its run's `result`). */
export const drillResultSchema = z.object({
  buyers: z.number(),
  reservations_per_s: z.number(),
  p50_ms: z.number(),
  p99_ms: z.number(),
  double_sales: z.number(),
  conflicts: z.number(),
  /** Buyers whose reservation went through, and the numbers they got. */
  reserved: z.number(),
  sold_numbers: z.number(),
  /** Numbers the sandbox raffle had: few enough that buyers collide. */
  total_numbers: z.number(),
  /** Answers other than a sale or a taken-number conflict (must be 0). */
  errors: z.number(),
});
export type DrillResult = z.infer<typeof drillResultSchema>;

/** `POST /api/test-bench/drill` answers the figures and the run it recorded. */
export const drillResponseSchema = drillResultSchema.extend({ run: testBenchRunSchema });
export type DrillResponse = z.infer<typeof drillResponseSchema>;

export const checksResponseSchema = z.object({ checks: z.array(testBenchRunSchema) });
export type ChecksResponse = z.infer<typeof checksResponseSchema>;
export const runsResponseSchema = z.object({ runs: z.array(testBenchRunSchema) });
export type RunsResponse = z.infer<typeof runsResponseSchema>;
