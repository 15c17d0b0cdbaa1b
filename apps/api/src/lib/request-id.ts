import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { Config } from '../config.ts';

/** The header a load balancer sets (HAProxy's `unique-id-header`, nginx's `$request_id`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What is taken from it: an id of up to 64 letters, digits and `_ - . : @ + = /`. */
const WELL_FORMED = /^[\w.:@+=/-]{1,64}$/;

let lastId = 0;

/**
 * Whether the request's own peer is a proxy TRUST_PROXY believes: Fastify's rule for the
 * forwarded headers (proxy-addr's, hop 0 being the socket's address), so a request id is taken
 * from exactly the hops whose X-Forwarded-For is.
 */
function peerIsTrusted(trustProxy: Config['TRUST_PROXY']): (request: IncomingMessage) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  const trusts =
    typeof trustProxy === 'function'
      ? trustProxy
      : proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (request) => {
    const address = request.socket.remoteAddress;
    return address !== undefined && trusts(address, 0);
  };
}

/**
 * The id a request is logged under and answered with: the load balancer's `X-Request-Id` when a
 * proxy TRUST_PROXY believes sent it and it is well-formed (one id follows a request from the
 * balancer's log to ours), else one made here as Fastify makes its own (`req-` and a counter). A
 * client's own id is never taken (it could merge unrelated requests under one id, ours
 * included), nor anything else in the header: too long, control characters, several values.
 */
export function requestIds(
  trustProxy: Config['TRUST_PROXY'],
): (request: IncomingMessage) => string {
  const trusted = peerIsTrusted(trustProxy);
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    if (typeof sent === 'string' && WELL_FORMED.test(sent) && trusted(request)) return sent;
    lastId = (lastId + 1) % 2_147_483_647;
    return `req-${lastId.toString(36)}`;
  };
}
