import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { parseReservedPorts, portHolder, reservePorts, takenPorts } from './ports.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

async function listener(onSocket: (socket: Socket) => void = () => {}): Promise<Server> {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return server;
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

/**
 * An outgoing connection as any program makes one: its local end is a port the kernel chose,
 * bound without SO_REUSEADDR. `release` has the far side close first, so no TIME_WAIT stays.
 */
async function outgoingConnection() {
  let far: Socket | undefined;
  const server = await listener((socket) => {
    far = socket;
  });
  const client = connect({ host: '127.0.0.1', port: portOf(server) });
  client.on('end', () => client.destroy());
  await new Promise((resolve) => client.once('connect', resolve));
  cleanups.push(() => client.destroy());
  return { localPort: client.localPort as number, release: () => far?.destroy() };
}

test('a listener is refused at once, named by its part', async () => {
  const server = await listener();
  const port = portOf(server);
  expect(await portHolder('127.0.0.1', port)).toBe('listener');
  const lines: string[] = [];
  const taken = await takenPorts([{ part: 'the primary door', host: '127.0.0.1', port }], (l) =>
    lines.push(l),
  );
  expect(taken).toEqual([`${port} (the primary door)`]);
  expect(lines).toEqual([]);
});

test("a port held only by a connection's local end is waited for until it frees", {
  timeout: 60_000,
}, async () => {
  const { localPort, release } = await outgoingConnection();
  // Nothing listens there, yet nothing can bind it: what made the start fail.
  expect(await portHolder('127.0.0.1', localPort)).toBe('connection');
  const ports = [{ part: 'node1', host: '127.0.0.1', port: localPort }];
  expect(await takenPorts(ports, () => {}, 0)).toEqual([
    `${localPort} (node1, held by a connection)`,
  ]);
  const lines: string[] = [];
  setTimeout(release, 1500);
  expect(await takenPorts(ports, (l) => lines.push(l))).toEqual([]);
  expect(lines.join('\n')).toContain(`waiting for ${localPort}`);
  expect(await portHolder('127.0.0.1', localPort)).toBe('none');
});

test('reserving adds only the ports missing from the kernel’s list and keeps the rest', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'devstay-ports-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'ip_local_reserved_ports');
  writeFileSync(file, '8080,54400-54402\n');
  expect(reservePorts([54402, 54403, 54400, 54403, 3101], file)).toEqual([3101, 54403]);
  expect([...parseReservedPorts(readFileSync(file, 'utf8'))].sort((a, b) => a - b)).toEqual([
    3101, 8080, 54400, 54401, 54402, 54403,
  ]);
  expect(reservePorts([54401], file)).toEqual([]);
  expect(parseReservedPorts('')).toEqual(new Set());
});
