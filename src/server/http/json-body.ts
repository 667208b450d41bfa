import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * How deep a JSON body may nest. The shop's own bodies are three or four levels deep and a
 * Stripe event about ten; thousands of levels only serve to exhaust the stack of whatever
 * walks the value (Better Auth answered a 500 to 5,000).
 */
export const MAX_JSON_DEPTH = 32;

const tooDeep = () =>
  new AppError(
    'bad_request',
    `The request body is nested too deeply (${MAX_JSON_DEPTH} levels at most).`,
  );

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether this JSON text opens more than `MAX_JSON_DEPTH` arrays or objects inside each other,
 * found by one pass over its characters, before anything parses it. Brackets inside strings do
 * not count. Given bytes read as latin1, it judges UTF-8 the same: no byte of a multi-byte
 * character is a quote, a backslash or a bracket.
 */
export function nestedTooDeeply(text: string) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPEN.has(c)) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return true;
    } else if (CLOSE.has(c)) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body
 * is no body: clients send `content-type: application/json` on a DELETE without one, and a call
 * that takes no body should not refuse them. A call that needs a body still gets a 400 from its
 * schema. Every route parses through this, Better Auth's included, so the depth cap is here.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    if (nestedTooDeeply(text)) return done(tooDeep(), undefined);
    return parseJson(request, text, done);
  });
}

/**
 * For calls that verify a signature over the exact bytes (the Stripe webhook): the body stays
 * a Buffer, but is held to the same depth as every other JSON body.
 */
export function keepRawJsonBodies(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    if (nestedTooDeeply(body.toString('latin1'))) return done(tooDeep(), undefined);
    return done(null, body);
  });
}
