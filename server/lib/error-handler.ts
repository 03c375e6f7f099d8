import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../domain/messages';
import { prizeMessages } from '../../domain/prize-rules';
import { lifecycleMessages } from '../../domain/raffle-lifecycle';
import { isDiskFull } from './disk-space';
import {
  AppError,
  DatabaseUnavailableError,
  hasSqlState,
  isDatabaseUnavailable,
  SQLSTATE,
  StorageFullError,
} from './errors';
import { applySecurityHeaders, SECURITY_HEADERS } from './security-headers';

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
  // The router's own refusals (frameworkErrors below): no route was matched, so no hook ran.
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: messages.http.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URL_TOO_LONG', message: messages.http.urlTooLong },
};

type ErrorResponse = {
  status: number;
  body: { error: Record<string, unknown> };
  headers?: Record<string, string>;
};

/** Maps any thrown error to its HTTP status and `{"error":{"code","message",…}}` body. */
export function errorResponse(error: FastifyError | Error, request: FastifyRequest): ErrorResponse {
  const reply = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
    status,
    body: { error: { code, message, ...extra } },
  });
  if (error instanceof AppError) {
    const answer = reply(error.statusCode, error.code, error.message, error.extra);
    if (error.retryAfterSeconds === undefined) return answer;
    return { ...answer, headers: { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) } };
  }
  if (isDiskFull(error)) {
    request.log.error({ err: error }, 'disk full');
    return errorResponse(new StorageFullError(messages.http.storageFull), request);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    const unavailable = new DatabaseUnavailableError(messages.http.databaseUnavailable);
    return errorResponse(unavailable, request);
  }
  // The database itself refused a change to a frozen sold list (closed, or past its closing date).
  if (hasSqlState(error, SQLSTATE.soldListFrozen))
    return reply(409, 'RAFFLE_CLOSED', lifecycleMessages.soldListFrozen);
  // …or a change to a sale on a sealed pre-sorteo list not drawn yet.
  if (hasSqlState(error, SQLSTATE.preDrawListKept))
    return reply(409, 'PRE_DRAW_SEALED', prizeMessages.listKept);
  // …or a change to a sale paid in full while a pre-sorteo whose date passed is being sealed.
  if (hasSqlState(error, SQLSTATE.preDrawSealing))
    return reply(409, 'PRE_DRAW_SEALING', prizeMessages.listSealing);
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
    const { status, body, headers } = errorResponse(error, request);
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors` option: what its router refuses before any route or hook runs (a
 * URL it cannot decode, `/api/raffles/%zz`; a path parameter over its length limit). Same envelope
 * and same security headers as every other answer.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applySecurityHeaders(reply.raw);
  const { status, body } = errorResponse(error, request);
  return reply.status(status).send(body);
}

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser gave up on the request (an over-long
 * header, a request line that is not HTTP, a request that took too long), so there is no request
 * or reply, only the socket. The answer is written by hand, in the one envelope and with the
 * security headers, and the connection closed (what follows on it cannot be trusted).
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', messages.http.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', messages.http.requestTimeout]
        : [400, 'BAD_REQUEST', messages.http.badRequest];
  this.log.debug({ err: error }, 'client error');
  const body = JSON.stringify({ error: { code, message } });
  const head = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...SECURITY_HEADERS.map(([name, value]) => `${name}: ${value}`),
  ];
  if (socket.writable) socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}
