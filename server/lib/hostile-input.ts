import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';
import { BadRequestError } from './errors';

const NUL = '\u0000';
/** `%00` anywhere in the path or query string decodes to a NUL byte. */
const ENCODED_NUL = /%00/i;

/**
 * Characters no text field of the product may hold: C0 and C1 control characters other than tab,
 * line feed and carriage return (they break CSV rows, printed tickets and WhatsApp texts, and can
 * hide text), and DEL; and lone surrogates (half of an emoji: not valid Unicode, stored as garbage).
 */
const UNSTORABLE = new RegExp(
  [
    '[\\u0001-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]',
    '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])',
    '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  ].join('|'),
);

type Problem = { kind: 'nul' | 'character'; path: string };

/** Why a string cannot be stored as text, or null. */
function textProblem(value: string): Problem['kind'] | null {
  if (value.includes(NUL)) return 'nul';
  if (UNSTORABLE.test(value)) return 'character';
  return null;
}

/**
 * Walks the parsed JSON (keys and values) with a stack instead of recursion: no depth limit, and
 * a deeply nested body cannot overflow the call stack. The body size limit bounds the work.
 * Answers the first unstorable string with its path (`buyer.name`, `numbers.3`).
 */
function findUnstorableText(root: unknown): Problem | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      const kind = textProblem(value);
      if (kind) return { kind, path };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        const kind = textProblem(key);
        if (kind) return { kind, path: at };
        stack.push([item, at]);
      }
    }
  }
  return null;
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
  // The field is named as validation errors name theirs, so a form can mark it.
  const characterError = (path: string) =>
    new BadRequestError(messages.http.invalidCharacter, 'INVALID_CHARACTER', {
      fields: [{ path, message: messages.http.invalidCharacter }],
    });
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
      const problem = findUnstorableText(value);
      if (problem?.kind === 'nul') return done(nulError(), undefined);
      if (problem) return done(characterError(problem.path), undefined);
      done(null, value);
    });
  });
}
