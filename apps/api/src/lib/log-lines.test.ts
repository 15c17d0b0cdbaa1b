import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { PROCESS_ORIGIN, type ServerProcess, startServerProcess } from '../test/server-process.ts';

/** A real server process, logging everything it logs (debug) to its standard output. */
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess(await createTestDatabase(), { LOG_LEVEL: 'debug' });
}, 120_000);
afterAll(() => server?.stop());

const host = new URL(PROCESS_ORIGIN).host;

/** Requests anyone may send, each carrying text made to forge or garble a log line. */
const HOSTILE: [string, RequestInit][] = [
  // A newline, a line of its own that looks like ours, a NUL.
  ['/api/auth/get-session?k%0A2026-12-06T06:00:00.000Z%20ERROR%20FORGED=%00', {}],
  // A terminal's clear-screen escape.
  ['/api/auth/get-session?k%1B%5B2J', {}],
  // A header of 8,000 characters the identity library names in its error.
  [
    '/api/auth/sign-in/email',
    {
      method: 'POST',
      headers: { origin: PROCESS_ORIGIN, 'content-type': `application/json${'x'.repeat(8000)}` },
      body: '{}',
    },
  ],
  // An address of 8,000 characters, logged with every request.
  [`/api/me?q=${'a'.repeat(8000)}%1B%5B2J`, {}],
];

test('what anyone sends is written in one JSON line each, bounded, with no control character', async () => {
  const mark = server.output().length;
  for (const [path, init] of HOSTILE) {
    const res = await fetch(`${server.base}${path}`, {
      ...init,
      headers: { host, ...(init.headers as Record<string, string>) },
    });
    expect(res.status, path.slice(0, 60)).toBeLessThan(500);
  }
  const written = () => server.output().slice(mark);
  await expect
    .poll(() => written().split('request completed').length - 1, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(HOSTILE.length);
  const lines = written().split('\n');
  expect(lines.pop()).toBe('');
  for (const line of lines) {
    // Nothing a terminal acts on, no line break smuggled in: one JSON object per line.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what must not be there.
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    // Each text at most 500 characters (lib/log.ts): a line of a few of them.
    expect(line.length, line.slice(0, 200)).toBeLessThan(2000);
    const parsed: unknown = JSON.parse(line);
    expect(parsed).toBeTypeOf('object');
    // Nor once decoded: a field a reader prints raw forges nothing either.
    expect(JSON.stringify(parsed)).not.toMatch(/\\u00(00|1b)|\\n/);
  }
  // The forged text is there only as the address was sent, percent-encoded.
  expect(lines.join('\n')).not.toContain('ERROR FORGED');
});
