import { countField, instantField } from './api';
import { BANK_CODES } from './banks';
import { z } from './zod';

/**
 * Bank-statement reconciliation (issue 18, docs/decisions/020): the admin uploads the bank's
 * statement, each credit row is matched to the payments buyers reported, and the matches are
 * approved in one action. The rules of a match are in statement-matching.ts.
 */

/** The largest statement accepted (a month of a busy account is a few hundred KB). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
/** Rows read from one statement at most, debits and unreadable ones included. */
export const MAX_STATEMENT_ROWS = 20_000;

/**
 * What became of a credit row: `matched` pays pending payments (approvable); `amount_mismatch` has
 * pending payments with its reference but another amount; `unreported` has no payment yet;
 * `already_reconciled` pays payments already approved (by this row or by hand); `duplicate` shares
 * its reference with another credit (of this statement or an earlier one), claims a payment
 * another row of the statement claims too, or is claimed twice (a pending payment while an
 * approved one holds it, or approved payments of two references or methods): a person decides.
 */
export const STATEMENT_ROW_STATES = [
  'matched',
  'amount_mismatch',
  'unreported',
  'already_reconciled',
  'duplicate',
] as const;
export type StatementRowState = (typeof STATEMENT_ROW_STATES)[number];

export const statementRowStateLabels: Record<StatementRowState, string> = {
  matched: 'Coincide',
  amount_mismatch: 'Monto distinto',
  unreported: 'Sin pago reportado',
  already_reconciled: 'Ya conciliado',
  duplicate: 'Duplicado',
};

/** The columns a statement must name (description is optional): what the mapping step asks. */
export const STATEMENT_FIELDS = ['date', 'reference', 'description', 'amount'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

export const statementFieldLabels: Record<StatementField, string> = {
  date: 'Fecha',
  reference: 'Referencia',
  description: 'Concepto',
  amount: 'Monto (crédito)',
};

const columnName = z.string().trim().min(1, 'Elige una columna').max(200);

/** Which header names the date, reference, description and credit amount: `mapping` of an upload. */
export const columnMappingSchema = z
  .object({
    date: columnName,
    reference: columnName,
    amount: columnName,
    description: columnName.nullish(),
  })
  .strict();
export type ColumnMapping = z.output<typeof columnMappingSchema>;

/**
 * `POST /api/reconciliation/statements` body, for the OpenAPI document: multipart/form-data with
 * the statement in `file` and, optionally, `mapping` (JSON text) and `bank_code`.
 */
export const statementUploadBodySchema = z
  .object({
    file: z.string().meta({
      format: 'binary',
      description: `Estado de cuenta en CSV (separado por comas o punto y coma) o Excel .xlsx, máximo ${
        MAX_STATEMENT_BYTES / 1024 / 1024
      } MB`,
    }),
    mapping: z
      .string()
      .optional()
      .meta({
        description:
          'JSON `{"date","reference","description","amount"}`: el nombre de la columna de cada dato, ' +
          'cuando el formato del banco no se reconoce (respuesta 422 `MAPPING_REQUIRED`)',
      }),
    bank_code: z.enum(BANK_CODES).optional().meta({ description: 'Código SUDEBAN del banco' }),
  })
  .strict();

/** The text fields of an upload, as the server validates them. */
export const statementUploadFieldsSchema = z.object({
  mapping: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'La asignación de columnas no es un JSON válido.' });
        return z.NEVER;
      }
    })
    .pipe(columnMappingSchema)
    .optional(),
  bank_code: z.enum(BANK_CODES, 'Banco desconocido').optional(),
});

const statementCounts = {
  /** Credit rows kept from this upload. */
  rows: countField,
  matched: countField,
  amount_mismatch: countField,
  unreported: countField,
  already_reconciled: countField,
  duplicates: countField,
  /** Rows of the file already imported by an earlier upload: not added again. */
  skipped_already_imported: countField,
  debits_ignored: countField,
  /** Rows with no readable date or amount, by their row number in the file. */
  unreadable_lines: z.array(z.int()),
};

export const statementSummarySchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  file_type: z.enum(['csv', 'xlsx']),
  bank_code: z.string().nullable(),
  created_at: instantField,
  ...statementCounts,
});
export type StatementSummary = z.output<typeof statementSummarySchema>;

/** `POST /api/reconciliation/statements` (201). */
export const statementUploadResultSchema = statementSummarySchema.extend({ statement_id: z.uuid() });
export type StatementUploadResult = z.output<typeof statementUploadResultSchema>;

export const statementListSchema = z.array(statementSummarySchema);

/** A payment a row matched, as the reviewer needs it to decide. */
export const statementPaymentSchema = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected']),
  ticket_id: z.uuid(),
  ticket_number: z.string(),
  raffle_id: z.uuid(),
  raffle_name: z.string(),
  buyer_name: z.string().nullable(),
  amount_cents: z.int(),
  rate_to_usd: z.number().nullable(),
  /** The amount in Bs cents at the payment's rate (null without a rate). */
  expected_ves_cents: z.int().nullable(),
  reference: z.string().nullable(),
  payment_date: instantField,
  /** This row confirmed the payment (an approval from this statement). */
  confirmed: z.boolean(),
});
export type StatementPayment = z.output<typeof statementPaymentSchema>;

export const statementRowSchema = z.object({
  id: z.uuid(),
  line: z.int(),
  posted_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  reference: z.string(),
  description: z.string(),
  amount_ves_cents: z.int(),
  state: z.enum(STATEMENT_ROW_STATES),
  payments: z.array(statementPaymentSchema),
});
export type StatementRow = z.output<typeof statementRowSchema>;

/** `GET /api/reconciliation/statements/:id`. */
export const statementDetailSchema = z.object({
  statement: statementSummarySchema,
  rows: z.array(statementRowSchema),
});
export type StatementDetail = z.output<typeof statementDetailSchema>;

/** `POST /api/reconciliation/statements/:id/approve`: each payment approved, or why not. */
export const statementApprovalSchema = z.object({
  approved: z.array(z.uuid()),
  failed: z.array(z.object({ payment_id: z.uuid(), code: z.string(), message: z.string() })),
});
export type StatementApproval = z.output<typeof statementApprovalSchema>;

/** The extra fields of a 422 `MAPPING_REQUIRED`: the header names, a few rows, what was recognised. */
export type MappingRequiredDetails = {
  columns: string[];
  sample: string[][];
  suggested: Partial<Record<StatementField, string>>;
};

/** Spanish texts of reconciliation errors (the web's own texts are in its feature). */
export const reconciliationMessages = {
  mappingRequired:
    'No reconocemos las columnas de este estado de cuenta: indica cuál es la fecha, la referencia, el concepto y el monto.',
  unknownColumn: (name: string) => `La columna «${name}» no está en el archivo.`,
  unsupportedType: 'Sube el estado de cuenta como CSV o Excel (.xlsx).',
  legacyExcel: 'Este archivo es de Excel antiguo (.xls): ábrelo y guárdalo como .xlsx o CSV.',
  tooLarge: `El estado de cuenta supera el tamaño máximo de ${MAX_STATEMENT_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `El estado de cuenta tiene más de ${MAX_STATEMENT_ROWS.toLocaleString('es-VE')} filas: súbelo por partes.`,
  unreadable: 'No se pudo leer el archivo. Descárgalo de nuevo del banco e inténtalo otra vez.',
  noHeader: 'No encontramos la fila de títulos (Fecha, Referencia, Monto…) en el estado de cuenta.',
  noMovements: 'El estado de cuenta no tiene movimientos que se puedan leer con estas columnas.',
  notFound: 'Estado de cuenta no encontrado.',
  approvalRunning: 'Ya se están aprobando las coincidencias de este estado de cuenta.',
  approvalFailed: 'No se pudo aprobar este pago. Inténtalo de nuevo.',
  /** The line an approval from a statement leaves in the payment's notes. */
  approvedNote: 'Aprobado al conciliar el estado de cuenta del banco.',
} as const;
