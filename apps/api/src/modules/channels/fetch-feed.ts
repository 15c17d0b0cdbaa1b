import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { FEED_ERRORS } from '@devstay/shared/contracts/channels';

/**
 * Fetching another channel's calendar, the server's one request to an address a user typed: an
 * obvious server-side request forgery target. Only http(s); in production no loopback, private,
 * link-local, metadata or otherwise internal address — checked on the addresses DNS answered,
 * at every redirect, and the connection made to the very address checked (the check is the
 * socket's own lookup, so nothing resolves the name a second time).
 */

/** Addresses a fetch never reaches in production (loopback too; outside production it may). */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (one cloud's metadata address too)
  ['169.254.0.0', 16], // link-local, the cloud metadata address among them
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7], // unique local (a cloud's IPv6 metadata address too)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export interface FetchPolicy {
  /** Production: loopback refused as well as every internal address. */
  production: boolean;
  /** Addresses the deployment allows all the same (a calendar on the hotel's own network). */
  allowed?: readonly string[];
}

/** Whether a fetch may connect to `address` under `policy`. */
function addressAllowed(address: string, policy: FetchPolicy): boolean {
  const { address: ip, family } = plain(address);
  if (policy.allowed?.includes(ip)) return true;
  if (LOOPBACK.check(ip, family)) return !policy.production;
  return !INTERNAL.check(ip, family);
}

class Refused extends Error {}

/** Resolves a host name to all its addresses (dns.lookup by default; tests give their own). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * The socket's lookup: resolves once, refuses when any answer is not allowed (a name that
 * answers an internal address among public ones is refused whole), and hands the socket the
 * addresses it checked.
 */
function guardedLookup(policy: FetchPolicy, resolve: Resolve): LookupFunction {
  return (host, options, callback) => {
    resolve(host).then(
      (addresses) => {
        const refused =
          addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, policy));
        if (refused) {
          callback(new Refused(host), '', 4);
        } else if (options.all) {
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        } else {
          const first = addresses[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

export interface FetchOptions {
  policy: FetchPolicy;
  timeoutMs: number;
  maxBytes: number;
  /** Validators of the copy already read: a 304 answers `notModified`. */
  etag?: string | null;
  lastModified?: string | null;
  resolve?: Resolve;
  maxRedirects?: number;
}

export type FetchResult =
  | { kind: 'notModified' }
  | { kind: 'body'; text: string; etag: string | null; lastModified: string | null }
  | { kind: 'failed'; error: string };

/** Fetches a feed's file: its text, that it did not change, or why not (FEED_ERRORS). */
export async function fetchFeed(address: string, options: FetchOptions): Promise<FetchResult> {
  const resolve = options.resolve ?? systemResolve;
  const lookup = guardedLookup(options.policy, resolve);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { kind: 'failed', error: FEED_ERRORS.refused };
  }
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { kind: 'failed', error: FEED_ERRORS.refused };
    }
    // A literal address never goes through the lookup: judged here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !addressAllowed(literal, options.policy)) {
      return { kind: 'failed', error: FEED_ERRORS.refused };
    }
    let response: IncomingMessage;
    try {
      response = await request(url, lookup, deadline, hop === 0 ? options : {});
    } catch (error) {
      return { kind: 'failed', error: failure(error, deadline) };
    }
    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status)) {
      response.resume();
      const location = response.headers.location;
      if (!location || hop >= maxRedirects) {
        return { kind: 'failed', error: FEED_ERRORS.tooManyRedirects };
      }
      url = new URL(location, url);
      continue;
    }
    if (status === 304) {
      response.resume();
      return { kind: 'notModified' };
    }
    if (status < 200 || status > 299) {
      response.resume();
      return { kind: 'failed', error: FEED_ERRORS.httpStatus(status) };
    }
    try {
      const text = await readBounded(response, options.maxBytes);
      const header = (name: string) => {
        const value = response.headers[name];
        return typeof value === 'string' ? value : null;
      };
      return { kind: 'body', text, etag: header('etag'), lastModified: header('last-modified') };
    } catch (error) {
      return { kind: 'failed', error: failure(error, deadline) };
    }
  }
}

class TooLarge extends Error {}

function failure(error: unknown, deadline: AbortSignal): string {
  if (deadline.aborted) return FEED_ERRORS.timedOut;
  if (error instanceof TooLarge) return FEED_ERRORS.tooLarge;
  if (error instanceof Refused) return FEED_ERRORS.refused;
  return FEED_ERRORS.unreachable;
}

function request(
  url: URL,
  lookup: LookupFunction,
  signal: AbortSignal,
  validators: { etag?: string | null; lastModified?: string | null },
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    // Read as sent: no compressed body to expand past the size limit.
    'accept-encoding': 'identity',
    'user-agent': 'DevStay calendar sync',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  return new Promise((resolve, reject) => {
    // Host and TLS name come from the URL; the socket connects to what the lookup checked.
    const req = client.get(url, { headers, lookup, signal, agent: false }, resolve);
    req.on('error', reject);
  });
}

/** The body as text, refused as soon as it passes `maxBytes` (a declared length at once). */
function readBounded(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(new TooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // Refused first: destroying the stream reports it aborted, which must not be the reason.
        reject(new TooLarge());
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('aborted')));
  });
}
