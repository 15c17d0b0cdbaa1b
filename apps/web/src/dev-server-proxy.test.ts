// @vitest-environment node
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingHttpHeaders,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asApiOrigin } from './dev-server-proxy.ts';

const API = 'http://localhost:3000';

describe('asApiOrigin', () => {
  test("the dev server's own origin and referer become the API's", () => {
    expect(
      asApiOrigin(
        {
          host: 'localhost:5173',
          origin: 'http://localhost:5173',
          referer: 'http://localhost:5173/login?next=%2Fhome',
        },
        API,
      ),
    ).toEqual({ origin: API, referer: `${API}/login?next=%2Fhome` });
    expect(asApiOrigin({ host: '127.0.0.1:5173', origin: 'http://127.0.0.1:5173' }, API)).toEqual({
      origin: API,
    });
  });

  test("another page's origin is left as it is, so the API still refuses it", () => {
    for (const origin of [
      'http://localhost:8080',
      'http://127.0.0.1:5173',
      'https://localhost:5173',
      'http://evil.example',
      'null',
    ]) {
      expect(asApiOrigin({ host: 'localhost:5173', origin }, API), origin).toEqual({});
    }
    expect(
      asApiOrigin({ host: 'localhost:5173', referer: 'http://localhost:51730/x' }, API),
    ).toEqual({});
    expect(asApiOrigin({ origin: 'http://localhost:5173' }, API)).toEqual({});
  });
});

describe('the Vite dev server forwarding to the API', () => {
  let api: ReturnType<typeof createHttpServer>;
  let vite: ViteDevServer;
  let vitePort = 0;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    api = createHttpServer((req, res) => {
      seen.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    process.env.API_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    vite = await createViteServer({
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      root: fileURLToPath(new URL('..', import.meta.url)),
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', strictPort: false, hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await vite.listen();
    vitePort = (vite.httpServer?.address() as AddressInfo | undefined)?.port ?? 0;
  }, 60_000);
  afterAll(async () => {
    await vite?.close();
    await new Promise((resolve) => api?.close(resolve));
    delete process.env.API_URL;
  });

  const post = (host: string, origin: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: vitePort,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { host, origin, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });

  test("a page of the dev server reaches the API as the API's own origin and host", async () => {
    const apiOrigin = process.env.API_URL ?? '';
    expect(await post(`localhost:${vitePort}`, `http://localhost:${vitePort}`)).toBe(200);
    expect(seen.at(-1)).toMatchObject({ origin: apiOrigin, host: new URL(apiOrigin).host });
  });

  test('another page keeps its origin; a foreign host name is refused by Vite itself', async () => {
    expect(await post(`localhost:${vitePort}`, 'http://localhost:8080')).toBe(200);
    expect(seen.at(-1)?.origin).toBe('http://localhost:8080');
    const before = seen.length;
    expect(
      await post(`rebind.attacker.example:${vitePort}`, 'http://rebind.attacker.example'),
    ).toBe(403);
    expect(seen.length).toBe(before);
  });
});
