// The cluster's fixed ports. Most of them (54400…) lie in Linux's range for the local ends of
// outgoing connections (32768–60999): a connection that happened to take one, or one of its
// TIME_WAIT leftovers (60 s), keeps a part from binding it though nothing listens there.
import { readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { userInfo } from 'node:os';

/** A port of the cluster: which part listens on it, on which address. */
export interface ClusterPort {
  part: string;
  host: string;
  port: number;
}

/** What holds `port` of `host` now: nothing, a listener, or only a connection's local end. */
export type PortHolder = 'none' | 'listener' | 'connection';

const bindable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });

const answers = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: host === '0.0.0.0' ? '127.0.0.1' : host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function portHolder(host: string, port: number): Promise<PortHolder> {
  if (await bindable(host, port)) return 'none';
  return (await answers(host, port)) ? 'listener' : 'connection';
}

/** Longer than a TIME_WAIT's 60 s: a connection's leftover is gone by then. */
const CONNECTION_LEFTOVER_MS = 75_000;

/**
 * The ports another program listens on, named by their part. A port held only by a
 * connection's local end is waited for (up to `waitMs`), not refused: it frees itself.
 */
export async function takenPorts(
  ports: ClusterPort[],
  log: (line: string) => void,
  waitMs = CONNECTION_LEFTOVER_MS,
): Promise<string[]> {
  const until = Date.now() + waitMs;
  let pending = ports;
  let told = false;
  for (;;) {
    const holders = await Promise.all(pending.map((p) => portHolder(p.host, p.port)));
    const listened = pending.filter((_, i) => holders[i] === 'listener');
    if (listened.length > 0) return listened.map((p) => `${p.port} (${p.part})`);
    pending = pending.filter((_, i) => holders[i] === 'connection');
    if (pending.length === 0) return [];
    if (Date.now() >= until)
      return pending.map((p) => `${p.port} (${p.part}, held by a connection)`);
    if (!told) {
      log(
        `waiting for ${pending.map((p) => p.port).join(', ')}: held by a connection's local end, not a listener`,
      );
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const RESERVED = '/proc/sys/net/ipv4/ip_local_reserved_ports';

/** `8080,54400-54402` → the ports it names. */
export function parseReservedPorts(text: string): Set<number> {
  const ports = new Set<number>();
  for (const item of text.trim().split(',')) {
    if (item === '') continue;
    const [from, to] = item.split('-').map(Number) as [number, number?];
    for (let p = from; p <= (to ?? from); p++) ports.add(p);
  }
  return ports;
}

/**
 * As root, keeps the kernel from giving the cluster's ports to outgoing connections (the
 * reservation lasts until the machine restarts; docs/operations.md says how to make it
 * permanent). Returns the ports it added, or why it did not.
 */
export function reservePorts(ports: number[], file = RESERVED): number[] | string {
  if (file === RESERVED && userInfo().uid !== 0) return 'not root';
  let current: Set<number>;
  try {
    current = parseReservedPorts(readFileSync(file, 'utf8'));
  } catch (error) {
    return `cannot read ${file}: ${(error as Error).message}`;
  }
  const added = [...new Set(ports)].filter((p) => !current.has(p)).sort((a, b) => a - b);
  if (added.length === 0) return [];
  try {
    writeFileSync(file, [...current, ...added].join(','));
  } catch (error) {
    return `cannot write ${file}: ${(error as Error).message}`;
  }
  return added;
}
