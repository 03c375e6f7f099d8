import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';
import { BadRequestError } from './errors';

const NUL = '\u0000';
/** `%00` anywhere in the path or query string decodes to a NUL byte. */
const ENCODED_NUL = /%00/i;

/**
 * Walks the parsed JSON (keys and values) with a stack instead of recursion: no depth limit, and
 * a deeply nested body cannot overflow the call stack. The body size limit bounds the work.
 */
function containsNul(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes(NUL)) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** Plain JSON.parse keeps `__proto__` as an own data key (it never touches a prototype): safe to try. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL text cannot hold a NUL byte: one reaching a query fails it with a 500. Rather than
 * trusting every schema to remember, the NUL is refused for every route: in the URL (path and
 * query) and anywhere in a JSON body. The URL is looked at in preParsing, after every onRequest
 * hook, so the guards answer first: a caller without a token gets 401 whatever the URL holds.
 * The JSON parser also treats an empty body as no body, so `POST /api/auth/sign-out` with a token
 * and nothing else signs out, and refuses prototype keys (`__proto__`) with their own 400.
 */
export function refuseHostileInput(app: FastifyInstance) {
  const nulError = () => new BadRequestError(messages.http.nulCharacter, 'INVALID_CHARACTER');
  const forbiddenKeyError = () => new BadRequestError(messages.http.forbiddenJsonKey, 'FORBIDDEN_JSON_KEY');
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (ENCODED_NUL.test(request.url) || request.url.includes(NUL)) throw nulError();
    return payload;
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      // secure-json-parse refuses `__proto__` (and `constructor.prototype`) keys, which Fastify
      // reports as invalid JSON. Valid JSON with such a key is told so, not called malformed.
      if (error) return done(isJson(text) ? forbiddenKeyError() : error, undefined);
      if (containsNul(value)) return done(nulError(), undefined);
      done(null, value);
    });
  });
}
