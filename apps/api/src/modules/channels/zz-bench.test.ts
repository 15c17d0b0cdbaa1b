import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '@devstay/shared/stay';
import { test } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { inDays, roomWithStock } from '../../test/booking-fixtures.ts';
import { createFeed } from './repository.ts';
import { syncSettings } from './routes.ts';
import { syncFeed } from './sync.ts';

test('bench', async () => {
  const t = await createTestApp({}, { workers: false });
  const { room } = await roomWithStock(t.db, 50);
  const d = (s: string) => s.replaceAll('-', '');
  const make = (n: number, shift: number) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0',
      ...Array.from({ length: n }, (_, i) => {
        const from = inDays(1 + ((i + shift) % 500));
        return `BEGIN:VEVENT\r\nUID:e${i}@bench\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:${d(from)}\r\nDTEND;VALUE=DATE:${d(addDays(from, 2))}\r\nSUMMARY:Reserved\r\nEND:VEVENT`;
      }), 'END:VCALENDAR', ''].join('\r\n');
  let body = make(1000, 0);
  const s = http.createServer((_q, r) => r.writeHead(200, { 'content-type': 'text/calendar' }).end(body));
  await new Promise<void>((res) => s.listen(0, '127.0.0.1', res));
  const id = await createFeed(t.db, { roomId: room.id, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/`, name: 'b', unitsPerEvent: 1 });
  const deps = { db: t.db, log: t.app.log, clock: () => new Date(), settings: syncSettings(t.app) };
  for (const [label, shift] of [['first (1000 new blocks)', 0], ['same again (no change)', 0], ['all 1000 moved a day', 1], ['same again (no change)', 1]] as const) {
    body = make(1000, shift);
    const start = performance.now();
    const out = await syncFeed(deps, id, { demand: true });
    console.log('BENCH', label, Math.round(performance.now() - start), 'ms', JSON.stringify(out));
  }
  s.close(); await t.close();
}, 300_000);
