/**
 * Soak benchmark (`npm run bench -- soak`, run on request): the cluster `npm run cluster` runs
 * (a fresh one of its own in .data/cluster-drill-soak, on the CLUSTER_* ports) under a steady mix
 * of traffic through HAProxy for SOAK_MINUTES, with one rolling restart of every API process
 * and one failover (SIGKILL to the primary node's process group) in the middle: the drills'
 * own steps (scripts/cluster/drill.ts).
 *
 * The mix, SOAK_RATE actions a second started on a clock (not waiting for the answers, at most
 * MAX_IN_FLIGHT at once): browsing (hotel list pages with varied and invented query strings,
 * hotels, rooms, events, rendered pages), stay searches with dates and guests, sign-ins with a
 * password, bookings paid with the test card, cancellations by their guest, and a hotel admin
 * renaming a room or the hotel (one edit at a time).
 *
 * Measured: each API process's RSS every 10 s (/proc/<pid>/status VmRSS), p95 by route class in
 * windows of five minutes (shorter runs: a third of the run), failed requests (no answer or 5xx)
 * inside the failover window (from the kill until a booking is confirmed again and HAProxy's
 * database doors have followed the promotion) and outside it.
 * Printed as tables and written to .data/bench/soak-<timestamp>.json.
 *
 * Bars: 0 failed requests outside the failover window; every booking the load saw confirmed
 * (and did not cancel) there, confirmed, paid, its nights on the ledger; every booking it
 * cancelled cancelled; 0 overbooked nights, the ledger matching the bookings; bookings confirmed
 * again within 30 s of the kill; the promoted node archiving its WAL; each API process's RSS at most RSS_GROWTH_BUDGET_MB above its
 * idle RSS. Exits non-zero when one fails.
 * Environment: SOAK_MINUTES (30; a fraction for a short run), SOAK_RATE (20), CLUSTER_* ports.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { HOTEL_SORT_VALUES, HOTEL_TIME_ZONE_DEFAULT, ROOM_NAMES } from '@devstay/shared/constants';
import { paths } from '@devstay/shared/paths';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { apiName } from '../../../scripts/cluster/api.ts';
import type { Cluster } from '../../../scripts/cluster/cluster.ts';
import {
  archiveNow,
  bookingsAgain,
  checkBookings,
  doorsSettled,
  killPrimary,
  ledgerBars,
  query,
  rollingRestart,
  runDrill,
  seconds,
  verdict,
} from '../../../scripts/cluster/drill.ts';
import { type Answer, failed, KINDS, type Kind, Load } from '../../../scripts/cluster/load.ts';
import { ROOT } from '../../../scripts/web-build.ts';
import { createDb } from '../src/db/client.ts';
import { signUpOverHttp } from '../src/test/http-guest.ts';
import { guestsInDatabase } from './booking-servers.ts';
import { loadAverage, percentile, RSS_GROWTH_BUDGET_MB, rssOf, sleep } from './kit.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
if (!(minutes > 0)) throw new Error('SOAK_MINUTES must be a positive number');
const RATE = Number(process.env.SOAK_RATE ?? 20);
if (!(RATE > 0)) throw new Error('SOAK_RATE must be a positive number');
const DURATION_MS = minutes * 60_000;
/** Five minutes; a third of a run shorter than a quarter of an hour. */
const WINDOW_MS = Math.min(5 * 60_000, DURATION_MS / 3);
const RSS_EVERY_MS = 10_000;
/** Actions under way at most; a tick that finds this many is skipped (and counted). */
const MAX_IN_FLIGHT = 64;
/** The most the site may refuse bookings after the primary dies (drill:failover's bar). */
const RECOVERY_BAR_MS = 30_000;
const MB = 1_000_000;

const randomInt = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;
/** A word no hotel has: a search that finds nothing, a key no cache holds yet. */
const invented = () => Math.random().toString(36).slice(2, 8);

interface Guest {
  id: string;
  cookie: string;
}

/** What the traffic draws on: the catalogue's ids, guests with sessions, accounts with passwords. */
async function prepare(cluster: Cluster) {
  const { rooms, guests } = await Load.prepare(cluster, 24, 20);
  const url = cluster.adminUrl();
  // A demo hotel: its records are as the forms made them (pictures uploaded, rooms' services).
  const [first] = await query<{ hotel: number }>(
    url,
    'select hotel_id as hotel from rooms order by id limit 1',
  );
  const adminHotel = first?.hotel as number;
  const db = createDb(url, 1);
  const [admin] = await guestsInDatabase(db, cluster.secrets.authSecret, 1, adminHotel).finally(
    () => db.$client.end(),
  );
  const stamp = Date.now().toString(36);
  const accounts = await Promise.all(
    [0, 1, 2].map(async (i) => {
      const email = `soak.${stamp}.${i}@devstay.dev`;
      await signUpOverHttp(cluster.base, cluster.settings.publicUrl, email);
      return email;
    }),
  );
  const ids = async (text: string) => (await query<{ id: number }>(url, text)).map((r) => r.id);
  const cities = (await query<{ city: string }>(url, 'select distinct city from locations')).map(
    (r) => r.city,
  );
  return {
    rooms,
    guests: guests as Guest[],
    admin: admin as Guest,
    adminHotel,
    accounts,
    hotels: await ids('select id from hotels order by id'),
    roomIds: await ids('select id from rooms order by id'),
    events: await ids('select id from events order by id'),
    cities,
  };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** The traffic's actions and what they remember: bookings to cancel, the cancelled, the admin's turn. */
function traffic(load: Load, data: Prepared) {
  const toCancel: { id: string; guest: Guest }[] = [];
  const cancelled: string[] = [];
  let editing = false;
  let refusalShown = false;
  let edits = 0;
  const today = () => calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);

  const listQuery = () => {
    const q = new URLSearchParams({
      sort: pick(HOTEL_SORT_VALUES),
      page: String(1 + randomInt(3)),
    });
    if (randomInt(3) === 0) q.set('city', pick(data.cities));
    if (randomInt(4) === 0) q.set('qualification', String(1 + randomInt(5)));
    if (randomInt(5) === 0) q.set('name', invented());
    return q;
  };
  const stayQuery = () => {
    const checkIn = addDays(today(), 1 + randomInt(60));
    const q = new URLSearchParams({ checkIn, checkOut: addDays(checkIn, 1 + randomInt(4)) });
    q.set('guests', String(1 + randomInt(4)));
    if (randomInt(3) === 0) q.set('rooms', String(1 + randomInt(2)));
    if (randomInt(2) === 0) q.set('city', pick(data.cities));
    return q;
  };
  const browsePath = () => {
    const roll = randomInt(12);
    if (roll < 3) return `/api/hotels?${listQuery()}`;
    if (roll === 3) return `${paths.hotels}?${listQuery()}&utm_source=${invented()}`;
    if (roll === 4) return `/api/hotels/${pick(data.hotels)}`;
    if (roll === 5) return `${paths.hotel(pick(data.hotels))}?utm_source=${invented()}`;
    if (roll === 6) return paths.hotel(pick(data.hotels));
    if (roll === 7) return `/api/rooms/allRooms/${pick(data.hotels)}`;
    if (roll === 8) return `/api/rooms/${pick(data.roomIds)}`;
    if (roll === 9)
      return data.events.length > 0 && randomInt(2) === 0
        ? `/api/events/${pick(data.events)}`
        : `/api/events?page=${1 + randomInt(3)}&pageSize=6`;
    if (roll === 10) return `/api/events/hotel/${pick(data.hotels)}`;
    return pick([paths.landing, paths.events, paths.room(pick(data.roomIds))]);
  };

  const browse = async () => {
    await load.request('browse', 'GET', browsePath());
  };
  const search = async () => {
    const q = stayQuery();
    await load.request(
      'search',
      'GET',
      randomInt(3) === 0 ? `${paths.hotels}?${q}` : `/api/hotels?${q}`,
    );
  };
  const book = async () => {
    const guest = pick(data.guests);
    const { id } = await load.bookOnce(guest, data.rooms);
    if (id && randomInt(5) === 0) toCancel.push({ id, guest });
  };
  /** Cancels the oldest booking put aside; one the site failed to answer is tried again later. */
  const cancel = async () => {
    const next = toCancel.shift();
    if (!next) return browse();
    const { status } = await load.request(
      'cancel',
      'PUT',
      '/api/booking/status',
      next.guest.cookie,
      {
        id: next.id,
        user: next.guest.id,
        status: 'cancelled',
      },
    );
    if (status === 200) cancelled.push(next.id);
    else if (status === 0 || status >= 500) toCancel.push(next);
  };
  const signIn = async () => {
    await load.request('auth', 'POST', '/api/auth/sign-in/email', undefined, {
      email: pick(data.accounts),
      password: 'secret-123',
    });
  };
  /** The hotel's admin loads the room (or the hotel) as the modify form does and renames it. */
  const edit = async () => {
    if (editing) return browse();
    editing = true;
    try {
      const cookie = data.admin.cookie;
      const room = edits % 2 === 0;
      edits += 1;
      const loaded = await load.request(
        'admin',
        'GET',
        room
          ? `/api/content/rooms?idHotel=${data.adminHotel}`
          : `/api/content/hotels/${data.adminHotel}`,
        cookie,
      );
      if (loaded.status !== 200) return;
      type Editable = Record<string, unknown> & {
        name: string;
        image: { url: string; public_id: string }[];
      };
      const records = room ? (loaded.answer as unknown as Editable[]) : [loaded.answer as Editable];
      const record = pick(records);
      if (!record) return;
      // A room's name is one of ROOM_NAMES: it takes one its hotel's other rooms do not have
      // (or keeps its own: the save still writes a new version). A hotel takes a number.
      const free = ROOM_NAMES.filter((name) => !records.some((r) => r.name === name));
      const name = room
        ? (free[randomInt(free.length)] ?? record.name)
        : `${record.name.replace(/ #\d+$/, '')} #${edits}`;
      const saved = await load.request(
        'admin',
        'PUT',
        room ? '/api/rooms' : '/api/hotels',
        cookie,
        {
          ...record,
          name,
          image: record.image.map(({ url, public_id }) => ({ url, public_id })),
        },
      );
      if (saved.status >= 400 && saved.status < 500 && !refusalShown) {
        refusalShown = true;
        console.log(`  an admin edit refused: ${saved.status} ${JSON.stringify(saved.answer)}`);
      }
    } finally {
      editing = false;
    }
  };

  const mix: [number, () => Promise<void>][] = [
    [0.55, browse],
    [0.16, search],
    [0.17, book],
    [0.06, cancel],
    [0.04, signIn],
    [0.02, edit],
  ];
  const next = () => {
    let roll = Math.random();
    for (const [weight, action] of mix) {
      roll -= weight;
      if (roll < 0) return action;
    }
    return browse;
  };
  /** The cancellations the site failed to answer, tried again until answered (a few rounds). */
  const finishCancels = async () => {
    for (let round = 0; round < 5 && toCancel.length > 0; round++) {
      const pending = toCancel.splice(0);
      for (const item of pending) {
        toCancel.push(item);
        await cancel();
      }
    }
  };
  return { next, cancelled, finishCancels, unanswered: () => toCancel.length };
}

interface RssSample {
  at: number;
  name: string;
  pid: number;
  rss: number;
}

/** Every API process's RSS, by name (a restarted process keeps its name). */
function sampleRss(cluster: Cluster, start: number): RssSample[] {
  const samples: RssSample[] = [];
  cluster.settings.apiPorts.forEach((_, i) => {
    const name = apiName(i);
    const pid = cluster.table.get(name)?.pid;
    if (pid === undefined) return;
    try {
      samples.push({ at: performance.now() - start, name, pid, rss: rssOf(pid) });
    } catch {
      // Between its exit and its restart.
    }
  });
  return samples;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const mb = (bytes: number) => Math.round(bytes / MB);

await runDrill('soak', async (cluster) => {
  const data = await prepare(cluster);
  const loadBefore = loadAverage();
  console.log(
    `soak: ${minutes} min at ${RATE} actions/s through ${cluster.base}; ${availableParallelism()} CPUs, load average ${loadBefore}`,
  );
  const idle = new Map(sampleRss(cluster, 0).map((s) => [s.name, s.rss]));

  const load = new Load(cluster.base, cluster.settings.publicUrl);
  const mix = traffic(load, data);
  const start = performance.now();
  const endAt = start + DURATION_MS;
  const rss: RssSample[] = sampleRss(cluster, start);
  const sampler = setInterval(() => rss.push(...sampleRss(cluster, start)), RSS_EVERY_MS);

  // The restart at a third of the run, the failover at two thirds (each after the one before).
  const events: {
    rolling?: { from: number; to: number };
    failover?: {
      node: string;
      killedAt: number;
      recoveredAt?: number;
      promoted?: string;
      settledAt?: number;
    };
  } = {};
  let eventsDone = false;
  const script = (async () => {
    await sleep(Math.max(0, start + DURATION_MS / 3 - performance.now()));
    console.log(`rolling restart at ${seconds(performance.now() - start)} s`);
    const from = performance.now();
    await rollingRestart(cluster);
    events.rolling = { from, to: performance.now() };
    await sleep(Math.max(0, start + (2 * DURATION_MS) / 3 - performance.now()));
    const { node, killedAt } = await killPrimary(cluster);
    events.failover = { node: node.name, killedAt };
    console.log(`SIGKILL to ${node.name} (the primary) at ${seconds(killedAt - start)} s`);
    events.failover.recoveredAt = await bookingsAgain(load, killedAt);
    const promoted = (await cluster.primary())?.name;
    events.failover.promoted = promoted;
    if (promoted) events.failover.settledAt = await doorsSettled(cluster, promoted);
    console.log(
      `bookings confirmed again ${events.failover.recoveredAt === undefined ? 'never' : `after ${seconds(events.failover.recoveredAt - killedAt)} s`}, on ${promoted ?? 'no primary'}; the database doors settled after ${events.failover.settledAt === undefined ? '—' : `${seconds(events.failover.settledAt - killedAt)} s`}`,
    );
  })().finally(() => {
    eventsDone = true;
  });

  // Actions started on a clock: a steady rate whatever the answers' times.
  const tickMs = 1000 / RATE;
  let ticks = 0;
  let skipped = 0;
  let nextTick = start;
  let lastReport = start;
  while (performance.now() < endAt || !eventsDone) {
    ticks += 1;
    if (load.inFlight < MAX_IN_FLIGHT) load.once(mix.next());
    else skipped += 1;
    nextTick += tickMs;
    const wait = nextTick - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -1000) nextTick = performance.now(); // behind by a second: not made up
    if (performance.now() - lastReport > 60_000) {
      lastReport = performance.now();
      const last = rss.slice(-cluster.settings.apiPorts.length);
      console.log(
        `  ${seconds(lastReport - start)} s: ${load.answers.length} requests, ${load.answers.filter(failed).length} failed, ${load.confirmed.length} bookings; RSS ${last.map((s) => `${s.name} ${mb(s.rss)} MB`).join(', ')}; load ${loadAverage()}`,
      );
    }
  }
  await script;
  await load.stop();
  await mix.finishCancels();
  clearInterval(sampler);
  const ranMs = performance.now() - start;
  const loadAfter = loadAverage();

  // Failed requests: inside the failover window when they overlap it.
  const failover = events.failover;
  // The window: from the kill until bookings are confirmed again and HAProxy's doors have
  // followed the promotion (a replica connection is cut when its node stops being a replica).
  const windowEnd = Math.max(
    failover?.recoveredAt ?? performance.now(),
    failover?.settledAt ?? performance.now(),
  );
  const inWindow = (a: Answer) =>
    failover !== undefined && a.answered >= failover.killedAt && a.sent <= windowEnd;
  const failures = load.answers.filter(failed);
  const outside = failures.filter((a) => !inWindow(a));
  const inside = failures.filter(inWindow);

  // p95 by class in windows.
  // Whole windows; the last one takes the run's tail (a run ends a moment after its minutes).
  const windowCount = Math.max(1, Math.floor(ranMs / WINDOW_MS));
  const windows = Array.from({ length: windowCount }, (_, w) => {
    const from = start + w * WINDOW_MS;
    const to = w === windowCount - 1 ? Number.POSITIVE_INFINITY : from + WINDOW_MS;
    const row: Record<string, { n: number; failed: number; p95: number | null }> = {};
    for (const kind of KINDS) {
      const answers = load.answers.filter((a) => a.kind === kind && a.sent >= from && a.sent < to);
      const times = answers.filter((a) => a.status !== 0).map((a) => a.answered - a.sent);
      const p95 =
        times.length > 0
          ? percentile(
              times.sort((a, b) => a - b),
              95,
            )
          : null;
      row[kind] = { n: answers.length, failed: answers.filter(failed).length, p95 };
    }
    return {
      fromS: Math.round(w * (WINDOW_MS / 1000)),
      toS: Math.round((w + 1) * (WINDOW_MS / 1000)),
      classes: row,
    };
  });

  // RSS: the first and the last window's median and max, the run's max, against the budget.
  const memory = [...idle.keys()].map((name) => {
    const own = rss.filter((s) => s.name === name);
    const part = (from: number, to: number) => {
      const values = own.filter((s) => s.at >= from && s.at < to).map((s) => s.rss);
      return { medianMB: mb(median(values)), maxMB: mb(Math.max(...values)) };
    };
    const idleRss = idle.get(name) as number;
    const maxRss = Math.max(...own.map((s) => s.rss));
    const budgetMB = mb(idleRss) + RSS_GROWTH_BUDGET_MB;
    return {
      name,
      pids: [...new Set(own.map((s) => s.pid))],
      idleMB: mb(idleRss),
      first: part(0, WINDOW_MS),
      last: part(ranMs - WINDOW_MS, Number.POSITIVE_INFINITY),
      maxMB: mb(maxRss),
      budgetMB,
      within: mb(maxRss) <= budgetMB,
    };
  });

  const cancelledSet = new Set(mix.cancelled);
  const expected = load.confirmed.filter((id) => !cancelledSet.has(id));
  const check = await checkBookings(cluster, expected);
  const [cancelledRow] = await query<{ n: number }>(
    cluster.adminUrl(),
    `select count(*)::int as n from bookings where id::text = any($1) and status = 'cancelled'`,
    [mix.cancelled],
  );
  const cancelledKept = cancelledRow?.n ?? 0;
  const archives = await archiveNow(cluster);

  // The report.
  const count = (kind: Kind) => load.answers.filter((a) => a.kind === kind).length;
  /** Each class's answers by status (0: no answer): refusals (4xx) are the site's own answers. */
  const statuses = Object.fromEntries(
    KINDS.map((kind) => {
      const by: Record<string, number> = {};
      for (const a of load.answers) if (a.kind === kind) by[a.status] = (by[a.status] ?? 0) + 1;
      return [kind, by];
    }),
  );
  console.log(
    `\nran ${seconds(ranMs)} s: ${ticks - skipped} of ${ticks} actions started (${skipped} skipped at ${MAX_IN_FLIGHT} under way), ${load.answers.length} requests (${(load.answers.length / (ranMs / 1000)).toFixed(1)}/s): ${KINDS.map((k) => `${k} ${count(k)}`).join(', ')}; load average ${loadBefore} → ${loadAfter}`,
  );
  console.log(
    `statuses: ${KINDS.map(
      (k) =>
        `${k} ${Object.entries(statuses[k] as Record<string, number>)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
    ).join('; ')}`,
  );
  if (events.rolling)
    console.log(
      `rolling restart: ${seconds(events.rolling.from - start)} s → ${seconds(events.rolling.to - start)} s`,
    );
  if (failover)
    console.log(
      `failover window: ${seconds(failover.killedAt - start)} s → ${seconds(windowEnd - start)} s; failed requests inside it ${inside.length} (${KINDS.map((k) => `${k} ${inside.filter((a) => a.kind === k).length}`).join(', ')}), outside it ${outside.length}`,
    );
  for (const a of outside.slice(0, 10))
    console.log(
      `  failed outside: ${a.kind} ${a.path} → ${a.status || 'no answer'} at ${seconds(a.sent - start)} s`,
    );
  console.log(
    `bookings: ${load.confirmed.length} confirmed, ${mix.cancelled.length} cancelled by their guests (${mix.unanswered()} cancellations never answered), ${check.kept} of ${expected.length} kept, paid and on the ledger`,
  );

  const windowTitle = `${seconds(WINDOW_MS)} s window`;
  console.log(`\np95 ms (requests) by route class, ${windowTitle}s`);
  console.log(['window'.padEnd(13), ...KINDS.map((k) => k.padStart(14))].join(''));
  for (const w of windows) {
    const cells = KINDS.map((k) => {
      const c = w.classes[k] as { n: number; p95: number | null };
      return (c.p95 === null ? '—' : `${Math.round(c.p95)} (${c.n})`).padStart(14);
    });
    console.log([`${w.fromS}–${w.toS} s`.padEnd(13), ...cells].join(''));
  }
  console.log(
    `\nRSS MB (every ${RSS_EVERY_MS / 1000} s; first and last ${windowTitle}: median / max)`,
  );
  console.log(
    ['process', 'idle', 'first', 'last', 'max', 'budget', ''].map((h) => h.padStart(10)).join(''),
  );
  for (const m of memory) {
    console.log(
      [
        m.name,
        m.idleMB,
        `${m.first.medianMB}/${m.first.maxMB}`,
        `${m.last.medianMB}/${m.last.maxMB}`,
        m.maxMB,
        m.budgetMB,
        m.within ? 'within' : 'OVER',
      ]
        .map((v) => String(v).padStart(10))
        .join(''),
    );
  }
  console.log('');

  const recovered =
    failover?.recoveredAt !== undefined ? failover.recoveredAt - failover.killedAt : undefined;
  const bars: [string, boolean][] = [
    [
      'the rolling restart and the failover ran',
      events.rolling !== undefined && failover !== undefined,
    ],
    [
      `bookings confirmed again within ${RECOVERY_BAR_MS / 1000} s of the kill (${recovered === undefined ? 'never' : `${seconds(recovered)} s`})`,
      recovered !== undefined && recovered <= RECOVERY_BAR_MS,
    ],
    [
      'the promoted node archives its WAL (a segment closed at the end archived within 60 s)',
      archives,
    ],
    [`0 failed requests outside the failover window (${outside.length})`, outside.length === 0],
    [
      `every booking the load saw confirmed kept, paid and on the ledger (${check.kept}/${expected.length}): 0 lost`,
      check.kept === expected.length,
    ],
    [
      `every booking its guest cancelled is cancelled (${cancelledKept}/${mix.cancelled.length})`,
      cancelledKept === mix.cancelled.length,
    ],
    ...ledgerBars(check),
    ...memory.map((m): [string, boolean] => [
      `${m.name} RSS at most ${RSS_GROWTH_BUDGET_MB} MB above idle (max ${m.maxMB} MB, budget ${m.budgetMB} MB)`,
      m.within,
    ]),
  ];
  const passed = verdict(bars);

  const out = path.join(ROOT, '.data/bench');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const at = (t: number) => Number(seconds(t - start));
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        when: new Date().toISOString(),
        machine: {
          cpus: availableParallelism(),
          loadAverageBefore: loadBefore,
          loadAverageAfter: loadAfter,
        },
        settings: {
          minutes,
          rate: RATE,
          windowSeconds: WINDOW_MS / 1000,
          apiProcesses: cluster.settings.apiPorts.length,
        },
        ranSeconds: Number(seconds(ranMs)),
        actions: { ticks, skipped },
        requests: Object.fromEntries(KINDS.map((k) => [k, count(k)])),
        statuses,
        rollingRestart: events.rolling && {
          fromS: at(events.rolling.from),
          toS: at(events.rolling.to),
        },
        failover: failover && {
          node: failover.node,
          promoted: failover.promoted,
          killedS: at(failover.killedAt),
          recoveredS: failover.recoveredAt === undefined ? null : at(failover.recoveredAt),
          doorsSettledS: failover.settledAt === undefined ? null : at(failover.settledAt),
        },
        failed: {
          outsideFailover: outside.length,
          insideFailover: inside.length,
          outsideSamples: outside
            .slice(0, 20)
            .map((a) => ({ kind: a.kind, path: a.path, status: a.status, atS: at(a.sent) })),
        },
        bookings: {
          confirmed: load.confirmed.length,
          cancelled: mix.cancelled.length,
          expected: expected.length,
          kept: check.kept,
          lost: expected.length - check.kept,
          overbookedNights: check.overbooked,
          ledgerMismatch: check.ledgerMismatch,
          unpaid: check.unpaid,
        },
        rss: memory,
        p95ByWindow: windows,
        bars: bars.map(([bar, held]) => ({ bar, held })),
        passed,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written to ${path.relative(ROOT, file)}`);
});
