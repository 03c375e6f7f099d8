import type { FastifyError, FastifyInstance } from 'fastify';
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

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: error.message, ...error.extra } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation;
      const semantic =
        error.validationContext === 'body' && issues.every((i) => SEMANTIC_KEYWORDS.has(i.keyword));
      const fields = issues.map((i) => ({
        path: i.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: i.message,
      }));
      const first = fields[0];
      const message = first
        ? first.path
          ? `${first.path}: ${first.message}`
          : first.message
        : messages.http.validation;
      return reply
        .status(semantic ? 422 : 400)
        .send({ error: { code: 'VALIDATION_ERROR', message, fields } });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ error: { code: known.code, message: known.message } });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: messages.http.rateLimited } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply
        .status(error.statusCode)
        .send({ error: { code: 'BAD_REQUEST', message: messages.http.badRequest } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: messages.http.internal } });
  });
}
