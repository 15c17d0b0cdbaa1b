import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * How deeply a JSON body may nest arrays and objects. Our bodies nest three or four levels; a
 * body thousands of levels deep parses, but every walk over it afterwards (the NUL rule, zod,
 * the identity library's own checks) recurses once per level and overflows the stack: a 500.
 * @internal
 */
export const JSON_MAX_DEPTH = 64;

const JSON_TOO_DEEP = `The JSON body is nested too deeply: at most ${JSON_MAX_DEPTH} levels of arrays and objects`;

/**
 * Whether JSON text opens more than `max` arrays or objects inside each other, read in one pass
 * without parsing it (brackets inside strings do not count).
 * @internal
 */
export function jsonNestsDeeperThan(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/** 400 naming the body when JSON text nests deeper than JSON_MAX_DEPTH. */
export function assertJsonDepth(text: string): void {
  if (jsonNestsDeeperThan(text)) throw new HttpError(400, JSON_TOO_DEEP, 'body');
}

/**
 * The app's JSON body parser: Fastify's own, after the depth rule.
 * Registered on the root, so every JSON route has it; /api/auth/* keeps its raw body and checks
 * the depth itself before handing it to Better Auth.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  // Fastify's defaults: `__proto__` refused, `constructor` kept.
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text)) {
      done(new HttpError(400, JSON_TOO_DEEP, 'body'), undefined);
      return;
    }
    parse(request, text, done);
  });
}
