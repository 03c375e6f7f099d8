import type { FastifyRequest } from 'fastify';
import {
  type ColumnMapping,
  MAX_STATEMENT_BYTES,
  reconciliationMessages,
  statementUploadFieldsSchema,
} from '../../../domain/reconciliation';
import { filesMessages } from '../../../domain/uploads';
import { AppError, BadRequestError, UnprocessableError } from '../../lib/errors';
import { readStatementFile, type StatementFile } from './statement-file';

/** Busboy limits: one statement file, the two small text fields, nothing else of size. */
export const statementMultipartLimits = {
  fileSize: MAX_STATEMENT_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 4096,
  parts: 8,
  headerPairs: 50,
};

class StatementTooLargeError extends AppError {
  constructor() {
    super(413, 'STATEMENT_TOO_LARGE', reconciliationMessages.tooLarge);
  }
}

export type StatementUpload = {
  file: StatementFile & { name: string };
  mapping?: ColumnMapping;
  bankCode?: string;
};

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The multipart upload: the file `file`, read as it streams in, and the fields `mapping` (JSON) and
 * `bank_code`, in any order. A missing file 400, over the size limit 413, wrong fields 400/422.
 */
export async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  if (!request.isMultipart()) throw new BadRequestError(filesMessages.missingFile, 'FILE_MISSING');
  let file: StatementUpload['file'] | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: statementMultipartLimits })) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping' || part.fieldname === 'bank_code')
          fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      // A file cut at the size limit may fail to parse first: the limit is the reason then.
      const read = await readStatementFile(part.file).catch((error: unknown) => {
        throw part.file.truncated ? new StatementTooLargeError() : error;
      });
      if (part.file.truncated) throw new StatementTooLargeError();
      file = { ...read, name: (part.filename || 'estado-de-cuenta').slice(0, 200) };
    }
  } catch (error) {
    if (isTooLarge(error)) throw new StatementTooLargeError();
    if (error instanceof AppError) throw error;
    request.log.info({ err: error }, 'unreadable multipart statement upload');
    throw new BadRequestError(filesMessages.malformedUpload, 'MALFORMED_UPLOAD');
  }
  if (!file) throw new BadRequestError(filesMessages.missingFile, 'FILE_MISSING');
  const parsed = statementUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new UnprocessableError(
      issues[0]?.message ?? reconciliationMessages.mappingRequired,
      'VALIDATION_ERROR',
      {
        fields: issues,
      },
    );
  }
  return { file, mapping: parsed.data.mapping, bankCode: parsed.data.bank_code };
}
