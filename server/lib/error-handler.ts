import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../domain/messages';
import { AppError } from './errors';

// Value constraints (range, format) are "semantically invalid": 422. Wrong shapes are 400.
const SEMANTIC_KEYWORDS = new Set(['too_small', 'too_big', 'invalid_format', 'not_multiple_of', 'custom']);

const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: messages.http.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: messages.http.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: messages.http.tooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: messages.http.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: messages.http.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: messages.http.badRequest },
};

type ErrorResponse = { status: number; body: { error: Record<string, unknown> } };

/** Maps any thrown error to its HTTP status and `{"error":{"code","message",…}}` body. */
export function errorResponse(error: FastifyError | Error, request: FastifyRequest): ErrorResponse {
  const reply = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
    status,
    body: { error: { code, message, ...extra } },
  });
  if (error instanceof AppError) return reply(error.statusCode, error.code, error.message, error.extra);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation;
    const semantic =
      error.validationContext === 'body' && issues.every((i) => SEMANTIC_KEYWORDS.has(i.keyword));
    const fields = issues.map((i) => ({
      path: i.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: i.message ?? messages.http.validation,
    }));
    // The message is for people (toasts); the field paths travel in `fields` for forms.
    const message = fields[0]?.message ?? messages.http.validation;
    return reply(semantic ? 422 : 400, 'VALIDATION_ERROR', message, { fields });
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return reply(known.status, known.code, known.message);
  if (fastifyError.statusCode === 429) return reply(429, 'RATE_LIMITED', messages.http.rateLimited);
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    request.log.info({ err: error }, 'client error');
    return reply(fastifyError.statusCode, 'BAD_REQUEST', messages.http.badRequest);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply(500, 'INTERNAL', messages.http.internal);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorResponse(error, request);
    return reply.status(status).send(body);
  });
}
