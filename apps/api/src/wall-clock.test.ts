import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * Every rule about "now" goes by the app's clock (`app.clock()`, app.ts): a hotel's today, a
 * guest's free-cancellation window, a stay search's check-in, a review's verified stay. A read of
 * the wall clock elsewhere — `new Date()`, `Date.now()`, a one-argument `calendarDateIn`,
 * `earliestToday()`, SQL `now()` or `current_date` — is one of the reads listed here, each with
 * why it is not such a rule; a new one fails this test until it goes through the clock or is
 * listed with its reason.
 */

const WALL_CLOCK =
  /new Date\(\)|Date\.now\(\)|earliestToday\(\)|calendarDateIn\([^,()]*\)|(?<![.#\w])now\(\)|current_date|current_timestamp|localtimestamp|defaultNow\(\)/g;

/** Reads allowed, by file (from apps/api/src): how many, and why none decides a rule. */
const ALLOWED: Record<string, { reads: number; why: string }> = {
  'app.ts': { reads: 1, why: 'the clock itself: the system clock when none is given' },
  'db/backup-cli.ts': { reads: 1, why: "a backup file's name" },
  'db/replica-reads.ts': { reads: 1, why: "the replica's lag, measured" },
  'db/schema.ts': { reads: 5, why: "rows' creation and due times (defaultNow)" },
  'lib/announcements.ts': {
    reads: 8,
    why: "the outbox's due and retry times and the wait for the next (database time, shared by every process), and a test's drain timeout",
  },
  'lib/rate-limit.ts': { reads: 2, why: 'rate-limit windows: a duration, no calendar' },
  'lib/read-cache.ts': { reads: 2, why: "cache entries' time to live" },
  'modules/auth/accounts.ts': { reads: 2, why: 'updated_at stamps' },
  'modules/bookings/cancel-line.ts': {
    reads: 6,
    why: "a traveller's line's cancelled and refunded stamps, and the refund sweep's grace (a duration); the deadline is judged at the app's clock",
  },
  'modules/bookings/cancel.ts': { reads: 1, why: 'cancelled_at, a stamp' },
  'modules/channels/repository.ts': {
    reads: 5,
    why: "an export's change stamp (its DTSTAMP and Last-Modified, database time every process shares), a key's stamp, a feed's due time and lease (durations)",
  },
  'modules/channels/sync.ts': {
    reads: 8,
    why: "a feed's lease (a duration) and its attempt, success and error stamps; a conflict's stamps",
  },
  'modules/bookings/repository.ts': {
    reads: 4,
    why: "the checkout's rate-limit window and a hold's end (database time, a duration the sweeper compares in the database's terms) and the day's lapsed holds",
  },
  'modules/content/repository.ts': { reads: 1, why: 'updated_at stamp' },
  'modules/hotels/repository.ts': {
    reads: 1,
    why: "a card's kept \"from\" price past its last day (a season over by the database's date, a day early or late at most, as migration 0022's rule reads it)",
  },
  'modules/images/references.ts': { reads: 1, why: "unused uploads' grace period" },
  'modules/mail/worker.ts': { reads: 5, why: "the mail outbox's leases and retries" },
  'modules/payments/pay.ts': {
    reads: 2,
    why: "a confirmation's stamp (the calendar file's DTSTAMP)",
  },
  'modules/payments/repository.ts': {
    reads: 14,
    why: "payments' leases, stamps and the rate-limit window; a hold's end as the checkout set it",
  },
  'modules/rates/repository.ts': { reads: 1, why: 'updated_at stamp' },
  'modules/users/repository.ts': { reads: 1, why: 'updated_at stamp' },
  'modules/waitlist/offers.ts': {
    reads: 1,
    why: "an offer's hold's end (database time, a duration the sweeper compares, as a checkout's)",
  },
  'plugins/metrics.ts': { reads: 1, why: "the oldest outbox message's age, measured" },
  'server.ts': { reads: 2, why: 'the start-up time, logged' },
};

/** Source files under `dir` (tests and test helpers left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

test('the wall clock is read only where no rule depends on it', () => {
  const root = import.meta.dirname;
  const found: Record<string, number> = {};
  for (const file of sources(root)) {
    const reads = readFileSync(file, 'utf8').match(WALL_CLOCK)?.length ?? 0;
    if (reads > 0) found[path.relative(root, file)] = reads;
  }
  const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([f, a]) => [f, a.reads]));
  expect(found).toEqual(allowed);
});
