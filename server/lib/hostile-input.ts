import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';
import { BadRequestError } from './errors';

const NUL = '\u0000';
/** `%00` anywhere in the path or query string decodes to a NUL byte. */
const ENCODED_NUL = /%00/i;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL) || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL byte: one reaching a query fails it with a 500. Rather than
 * trusting every schema to remember, the NUL is refused at the door for every route: in the URL
 * (path and query) and anywhere in a JSON body. The JSON parser also treats an empty body as no
 * body, so `POST /api/auth/sign-out` with a token and nothing else signs out.
 */
export function refuseHostileInput(app: FastifyInstance) {
  const nulError = () => new BadRequestError(messages.http.nulCharacter, 'INVALID_CHARACTER');
  app.addHook('onRequest', async (request) => {
    if (ENCODED_NUL.test(request.url) || request.url.includes(NUL)) throw nulError();
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (containsNul(value)) return done(nulError(), undefined);
      done(null, value);
    });
  });
}
