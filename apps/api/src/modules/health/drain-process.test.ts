import { afterAll, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/app.ts';
import { type ServerProcess, startServerProcess } from '../../test/server-process.ts';

let server: ServerProcess | undefined;
afterAll(() => {
  server?.child.kill('SIGKILL');
});

const status = async (url: string) => (await fetch(url)).status;

test('after SIGTERM a server drains: readiness 503, requests still answered, then it exits', async () => {
  server = await startServerProcess(await createTestDatabase(), { DRAIN_MS: '3000' });
  const { base } = server;
  expect(await status(`${base}/api/ready`)).toBe(200);
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  // While the balancer takes it out, it refuses readiness and answers everything else.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await status(`${base}/api/ready`)).toBe(503);
  expect(await status(`${base}/api/health`)).toBe(200);
  expect(await status(`${base}/api/hotels`)).toBe(200);
  const { code } = await server.exited;
  expect(code).toBe(0);
  expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
}, 120_000);
