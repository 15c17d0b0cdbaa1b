/**
 * Channel sync benchmark (`npm run bench -- channels`): what one sync of an imported calendar
 * costs, through the real sync (`syncFeed`: the feed's lease, the conditional fetch over HTTP,
 * ical.js, then one transaction on the ledger), the calendar served over real HTTP by the bench.
 *
 * 1. A throwaway embedded PostgreSQL (or DATABASE_URL), migrated; rooms of 50 units, a room and
 *    its feed of its own for each measure of each run (a ledger that starts empty).
 * 2. Each run (RUNS, after one untimed to warm up):
 *    - a small feed (10 events, 1–3 nights each): its first sync, then the same file again
 *      (the same bytes, no validator: fetched, parsed, compared, nothing written);
 *    - 1,000 events over the next 17 months (1–3 nights each, about six on any night): the first
 *      sync; the same file again answered 304 (its ETag); the same bytes again (validators
 *      forgotten: fetched and parsed, nothing written); every event moved a day later (each
 *      block given back through the ledger's release and taken again).
 * 3. Printed: the median, min and max of the sync's wall time, the median per event, and the
 *    bench process's CPU for it (the HTTP server and the sync's JavaScript; PostgreSQL's own CPU
 *    is not counted), with the load average before and after: figures taken under load are
 *    indicative only.
 *
 * Environment: BENCH_CHANNELS_RUNS (7), DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import type { SyncOutcome } from '@devstay/shared/contracts/channels';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { createFeed } from '../src/modules/channels/repository.ts';
import { type SyncSettings, syncFeed } from '../src/modules/channels/sync.ts';
import { seedRooms } from './booking-servers.ts';
import { benchDatabase, Cleanups, envInt, loadAverage, machine } from './kit.ts';

const RUNS = envInt('BENCH_CHANNELS_RUNS', 7);
const SMALL = 10;
const LARGE = 1000;
const STOCK = 50;

/** `count` events over the coming 17 months, 1–3 nights each, `shift` days later. */
function calendar(count: number, today: string, shift: number): string {
  const d = (date: string) => date.replaceAll('-', '');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//admin.booking.com//EN'];
  for (let i = 0; i < count; i++) {
    const first = addDays(today, 1 + shift + Math.floor((i * 500) / count));
    lines.push(
      'BEGIN:VEVENT',
      `DTSTAMP:${d(today)}T100000Z`,
      `DTSTART;VALUE=DATE:${d(first)}`,
      `DTEND;VALUE=DATE:${d(addDays(first, 1 + (i % 3)))}`,
      `UID:bench-${i}@booking.com`,
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/** The channel: each path's file, with its ETag when asked (304 to a matching If-None-Match). */
async function channelServer(cleanups: Cleanups) {
  const files = new Map<string, { body: string; etag?: string }>();
  const server = http.createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    if (file.etag && req.headers['if-none-match'] === file.etag)
      return void res.writeHead(304).end();
    res.writeHead(200, {
      'content-type': 'text/calendar; charset=utf-8',
      ...(file.etag && { etag: file.etag }),
    });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.add(() => new Promise((resolve) => server.close(resolve)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    serve(path: string, body: string, withEtag: boolean) {
      const etag = withEtag
        ? `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`
        : undefined;
      files.set(path, { body, etag });
      return `${base}${path}`;
    },
  };
}

interface Timing {
  ms: number;
  cpuMs: number;
  outcome: SyncOutcome;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function main() {
  const cleanups = new Cleanups();
  try {
    const { db } = await benchDatabase(cleanups, {
      database: 'devstay_bench_channels',
      poolSize: 4,
    });
    console.log(machine());
    const channel = await channelServer(cleanups);
    const silent = Fastify({ logger: false });
    cleanups.add(() => silent.close());
    const settings: SyncSettings = {
      policy: { production: false, allowed: [] },
      timeoutMs: 15_000,
      maxBytes: 2 * 1024 * 1024,
      maxEvents: 5000,
      publicUrl: 'http://localhost:3000',
    };
    const deps = { db, log: silent.log, clock: () => new Date(), settings };
    const today = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
    // Two rooms a run (the small feed's and the large one's), the warm-up's too.
    const rooms = await seedRooms(db, 2 * (RUNS + 1), STOCK);
    const files = {
      small: calendar(SMALL, today, 0),
      large: calendar(LARGE, today, 0),
      moved: calendar(LARGE, today, 1),
    };
    console.log(
      `calendars: ${SMALL} events (${(files.small.length / 1024).toFixed(1)} KiB), ${LARGE} events (${(files.large.length / 1024).toFixed(0)} KiB); rooms of ${STOCK} units`,
    );

    const timed = async (feedId: number): Promise<Timing> => {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      const outcome = await syncFeed(deps, feedId, { demand: true });
      const ms = performance.now() - t0;
      const used = process.cpuUsage(cpu);
      if (outcome === null || outcome === 'busy' || outcome.status === 'failed') {
        throw new Error(`sync of feed ${feedId}: ${JSON.stringify(outcome)}`);
      }
      return { ms, cpuMs: (used.user + used.system) / 1000, outcome };
    };
    const feedOn = (roomId: number, url: string) =>
      createFeed(db, { roomId, url, name: 'Booking.com', unitsPerEvent: 1 });

    const measures = new Map<string, { events: number; timings: Timing[] }>();
    const note = (name: string, events: number, timing: Timing, warm: boolean) => {
      if (warm) return;
      const entry = measures.get(name) ?? { events, timings: [] };
      entry.timings.push(timing);
      measures.set(name, entry);
    };

    for (let run = 0; run <= RUNS; run++) {
      const warm = run === 0;
      const [smallRoom, largeRoom] = [rooms[2 * run], rooms[2 * run + 1]];
      if (!smallRoom || !largeRoom) throw new Error('not enough rooms');

      const small = await feedOn(
        smallRoom.id,
        channel.serve(`/small-${run}.ics`, files.small, false),
      );
      note(`${SMALL} events: first sync`, SMALL, await timed(small), warm);
      note(`${SMALL} events: same file again`, SMALL, await timed(small), warm);

      const path = `/large-${run}.ics`;
      const large = await feedOn(largeRoom.id, channel.serve(path, files.large, true));
      const first = await timed(large);
      if (first.outcome.eventsRead !== LARGE || first.outcome.conflicts !== 0) {
        throw new Error(`the first sync read ${JSON.stringify(first.outcome)}`);
      }
      note(`${LARGE} events: first sync`, LARGE, first, warm);
      const notModified = await timed(large);
      if (notModified.outcome.status !== 'unchanged') throw new Error('no 304');
      note(`${LARGE} events: 304 (ETag)`, LARGE, notModified, warm);
      await db.execute(
        sql`update channel_feeds set etag = null, last_modified = null where id = ${large}`,
      );
      note(`${LARGE} events: same bytes again`, LARGE, await timed(large), warm);
      channel.serve(path, files.moved, true);
      const moved = await timed(large);
      if (moved.outcome.eventsRead !== LARGE || moved.outcome.conflicts !== 0) {
        throw new Error(`the moved sync read ${JSON.stringify(moved.outcome)}`);
      }
      note(`${LARGE} events: all moved a day`, LARGE, moved, warm);
    }

    console.log(
      `\n${RUNS} runs each (after one to warm up): one sync, wall time and this process's CPU`,
    );
    console.log(
      `${'measure'.padEnd(34)}${'median'.padStart(11)}${'min'.padStart(11)}${'max'.padStart(11)}${'per event'.padStart(12)}${'CPU'.padStart(11)}`,
    );
    for (const [name, { events, timings }] of measures) {
      const ms = timings.map((t) => t.ms);
      const mid = median(ms);
      console.log(
        `${name.padEnd(34)}${`${mid.toFixed(1)} ms`.padStart(11)}${`${Math.min(...ms).toFixed(1)} ms`.padStart(11)}${`${Math.max(...ms).toFixed(1)} ms`.padStart(11)}${`${((1000 * mid) / events).toFixed(0)} µs`.padStart(12)}${`${median(timings.map((t) => t.cpuMs)).toFixed(1)} ms`.padStart(11)}`,
      );
    }
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    await cleanups.run();
  }
}

await main();
