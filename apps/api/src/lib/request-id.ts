import type { IncomingMessage } from 'node:http';

/** The header a load balancer sets (HAProxy's `unique-id-header`, nginx's `$request_id`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What is taken from it: an id of up to 64 letters, digits and `_ - . : @ + = /`. */
const WELL_FORMED = /^[\w.:@+=/-]{1,64}$/;

let lastId = 0;

/**
 * The id a request is logged under and answered with: the load balancer's `X-Request-Id` when
 * present and well-formed (one id follows a request from the balancer's log to ours), else one
 * made here as Fastify makes its own (`req-` and a counter). Anything else in the header — too
 * long, control characters, several values — is not trusted into the logs.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  if (typeof sent === 'string' && WELL_FORMED.test(sent)) return sent;
  lastId = (lastId + 1) % 2_147_483_647;
  return `req-${lastId.toString(36)}`;
}
