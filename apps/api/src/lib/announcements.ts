import { errorMessage } from '@devstay/shared/error-message';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../db/client.ts';

/**
 * What the booking domain announces, each from one place. An announcement is a row of the
 * `announcements` outbox written by the transaction that makes it true (in one of its
 * statements), and handed to the subscribers only after that commits, by whichever process
 * claims the row first: a subscriber reads what was committed, and nothing it does — a throw, a
 * slow query — reaches the cancellation, the sweep or the payment that announced it. A feature
 * that reacts subscribes once per app, by name (decision 0014).
 */
export interface Announcements {
  /**
   * Units of a room came free: given back to the ledger by `bookingIds` (a cancel, lapsed holds
   * swept, a declined payment, a payment the reconciliation gave up, a waitlist offer its guest
   * let go), each night with its units summed over them; or by `blockIds` (a staff block lifted,
   * a channel's event gone or moved); or a room's stock raised, `units` more on every night from
   * `from` (its hotel's today) on.
   */
  unitsFreed:
    | {
        cause: ReleaseCause;
        bookingIds: readonly string[];
        nights: readonly { roomId: number; night: string; units: number }[];
      }
    | {
        cause: 'unblocked';
        blockIds: readonly number[];
        nights: readonly { roomId: number; night: string; units: number }[];
      }
    | { cause: 'stockRaised'; roomId: number; from: string; units: number };
  /**
   * A confirmed booking was cancelled, by whom, and what was left to refund of its payment when
   * it was (the refund itself follows the commit).
   */
  bookingCancelled: { bookingId: string; by: 'guest' | 'staff'; refundCents: number };
  /**
   * A booking naming travellers (a team trip) was confirmed: each is told of their stay
   * (bookingConfirmedCte, in the statement that confirms it).
   */
  bookingConfirmed: { bookingId: string };
  /**
   * One line of a confirmed booking was cancelled alone (a traveller's stay), by whom, and what
   * its refund is (the refund itself follows the commit).
   */
  lineCancelled: {
    bookingId: string;
    lineId: number;
    by: 'guest' | 'staff';
    refundCents: number;
  };
}

export type AnnouncementKind = keyof Announcements;

/** Why a booking's units were given back (releaseUnits, availability/ledger.ts). */
export type ReleaseCause = 'cancelled' | 'lapsed' | 'declined' | 'abandoned' | 'offerLeft';

/** The PostgreSQL channel an announcement's commit notifies: every process's worker wakes. */
export const ANNOUNCEMENTS_CHANNEL = 'devstay_announcements';

/**
 * An announcement written as a CTE named `name`, for a statement that makes it true: the row
 * and its notice (sent by PostgreSQL at the commit) go with the statement's other writes, in
 * its round trip. The statement must read `name` (`select count(*) from name`): that is what
 * evaluates the notice.
 */
export function announcedCte<K extends AnnouncementKind>(
  name: string,
  kind: K,
  event: Announcements[K],
): SQL {
  return sql`${sql.raw(name)} as (
    insert into announcements (kind, event) values (${kind}, ${JSON.stringify(event)}::jsonb)
    returning pg_notify(${ANNOUNCEMENTS_CHANNEL}, ''))`;
}

/**
 * SQL text of a CTE named `name` announcing bookingConfirmed for each booking the CTE
 * `confirmed` returns (its `id`) that names a traveller on a line, for the statement that
 * confirms it (payments/repository.ts): a booking without travellers announces nothing. The
 * statement must read `name`, as announcedCte's.
 */
export function bookingConfirmedCte(name: string, confirmed: string): string {
  return `${name} as (
    insert into announcements (kind, event)
    select 'bookingConfirmed', jsonb_build_object('bookingId', c.id) from ${confirmed} c
    where exists (select 1 from booking_lines l
      where l.booking_id = c.id and l.traveller_email is not null)
    returning pg_notify('${ANNOUNCEMENTS_CHANNEL}', ''))`;
}

/** Announces `event` in `tx` (one statement): delivered once `tx` commits, never if it does not. */
export async function announce<K extends AnnouncementKind>(
  tx: Tx,
  kind: K,
  event: Announcements[K],
): Promise<void> {
  await tx.execute(
    sql`with ${announcedCte('announced', kind, event)} select count(*) from announced`,
  );
}

/** One subscriber's reaction, in a savepoint of the delivery's transaction. */
export type Handler<K extends AnnouncementKind> = (
  tx: Tx,
  event: Announcements[K],
  announcement: { id: number },
) => Promise<void>;

interface DeliveryOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Delivery attempts before an announcement a subscriber keeps failing is given up. */
  maxAttempts?: number;
  /** Delay before the 2nd attempt; doubles for each further one, up to an hour. */
  retryBaseMs?: number;
  /**
   * Longest idle wait between two looks at the outbox: a commit's notice wakes the worker
   * sooner, and a retry's due time ends the wait when it comes first.
   */
  pollMs?: number;
  /** How long a delivered announcement is kept (for whoever traces what happened). */
  keepDeliveredMs?: number;
}

type Claimed = {
  id: number;
  kind: AnnouncementKind;
  event: unknown;
  attempts: number;
  delivered_to: string[];
};

/**
 * One app's subscribers and the worker that hands them the outbox's announcements. Two apps in
 * one process (tests) have their own subscribers. Every process of a deployment runs the same
 * code, so each subscribes the same handlers, and an announcement is handled by the process that
 * claims it: once, whichever process announced it.
 *
 * A delivery is one transaction: the row claimed (`FOR UPDATE SKIP LOCKED`: no other process
 * takes it meanwhile), each subscriber not yet done run in a savepoint of its own, then the row
 * updated — delivered, or retried later (with the subscribers that succeeded recorded, so only
 * the failing ones run again), or failed after `maxAttempts`. What a subscriber writes commits
 * with its record: a database reaction happens once. A delivery cut short (the process killed,
 * the database lost) leaves the row pending, and its subscribers' writes undone, for the next.
 */
export class AnnouncementDelivery {
  readonly #handlers: { [K in AnnouncementKind]: Map<string, Handler<K>> } = {
    unitsFreed: new Map(),
    bookingCancelled: new Map(),
    bookingConfirmed: new Map(),
    lineCancelled: new Map(),
  };
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #maxAttempts: number;
  readonly #retryBaseMs: number;
  readonly #pollMs: number;
  readonly #keepDeliveredMs: number;
  #wakeUp: (() => void) | undefined;
  /** A notice came since the worker's last look began (while it looked or delivered). */
  #woken = false;

  constructor(options: DeliveryOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#maxAttempts = options.maxAttempts ?? 10;
    this.#retryBaseMs = options.retryBaseMs ?? 1000;
    this.#pollMs = options.pollMs ?? 5000;
    this.#keepDeliveredMs = options.keepDeliveredMs ?? 24 * 3600_000;
  }

  /** Subscribes `handler`, under `name`, to one kind (subscribing again replaces it). */
  subscribe<K extends AnnouncementKind>(kind: K, name: string, handler: Handler<K>): void {
    (this.#handlers[kind] as Map<string, Handler<K>>).set(name, handler);
  }

  /** Removes the subscription `name` (a test's own). */
  unsubscribe(kind: AnnouncementKind, name: string): void {
    this.#handlers[kind].delete(name);
  }

  /** Delay before attempt `attempts + 1`, after `attempts` failed ones. */
  #retryDelayMs(attempts: number): number {
    return Math.min(3600_000, this.#retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }

  /** Claims the next due announcement and delivers it; false when none is due. */
  async #deliverNext(): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const claimed = await tx.execute<Claimed>(sql`
        select id, kind, event, attempts, delivered_to from announcements
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit 1
        for update skip locked`);
      const row = claimed.rows[0];
      if (!row) return false;
      const handlers = this.#handlers[row.kind] as Map<string, Handler<AnnouncementKind>>;
      const done = [...row.delivered_to];
      const failures: string[] = [];
      const attempt = row.attempts + 1;
      for (const [name, handler] of handlers) {
        if (done.includes(name)) continue;
        try {
          await tx.transaction((sp) =>
            handler(sp, row.event as Announcements[AnnouncementKind], { id: row.id }),
          );
          done.push(name);
        } catch (error) {
          failures.push(`${name}: ${errorMessage(error)}`.slice(0, 500));
          this.#log.warn(
            { err: error, announcement: row.id, kind: row.kind, subscriber: name, attempt },
            'announcement subscriber failed',
          );
        }
      }
      const doneNames = sql`array(select jsonb_array_elements_text(${JSON.stringify(done)}::jsonb))`;
      if (failures.length === 0) {
        await tx.execute(sql`
          update announcements set status = 'delivered', attempts = ${attempt},
            delivered_to = ${doneNames}, delivered_at = now()
          where id = ${row.id}`);
      } else if (attempt >= this.#maxAttempts) {
        await tx.execute(sql`
          update announcements set status = 'failed', attempts = ${attempt},
            delivered_to = ${doneNames}, last_error = ${failures.join('\n')}
          where id = ${row.id}`);
        this.#log.error(
          { announcement: row.id, kind: row.kind, attempts: attempt, failures },
          'announcement given up: a subscriber kept failing',
        );
      } else {
        const delay = this.#retryDelayMs(attempt);
        await tx.execute(sql`
          update announcements set attempts = ${attempt},
            delivered_to = ${doneNames}, last_error = ${failures.join('\n')},
            next_attempt_at = now() + make_interval(secs => ${delay / 1000})
          where id = ${row.id}`);
      }
      return true;
    });
  }

  /** Delivers the announcements due now, one by one, up to `max`; answers how many. */
  async deliverDue(max = 100): Promise<number> {
    let delivered = 0;
    while (delivered < max && (await this.#deliverNext())) delivered += 1;
    return delivered;
  }

  /**
   * Delivers until no announcement is due, waiting for those another worker holds (a test
   * reading what subscribers wrote). Announcements waiting for a retry are not due.
   */
  async drain(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      await this.deliverDue();
      const due = await dueCount(this.#db);
      if (due === 0) return;
      if (Date.now() > until) throw new Error(`${due} announcements still due`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Looks at the outbox now instead of at the next poll (a commit's notice). */
  wake(): void {
    this.#woken = true;
    this.#wakeUp?.();
  }

  /**
   * The worker's loop (background work, plugins/background-work.ts): delivers what is due,
   * now and then drops delivered rows older than `keepDeliveredMs`, then waits for a notice,
   * the next retry's due time or the poll. An idle look is one statement outside any
   * transaction (the outbox's next due time); a delivery's transaction opens only for a due row.
   */
  start(): { stop(): Promise<void> } {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let idle = 0;
    const loop = async () => {
      while (!stopped) {
        // A notice from here on is seen by this look or, if it comes later, ends the wait.
        this.#woken = false;
        let delivered = 0;
        let waitMs = this.#pollMs;
        try {
          const dueInMs = await nextDueInMs(this.#db);
          if (dueInMs !== null && dueInMs <= 0) delivered = await this.deliverDue();
          else if (dueInMs !== null) waitMs = Math.min(waitMs, dueInMs);
          // Old rows are dropped now and then: every 60th idle look.
          if (delivered === 0 && idle++ % 60 === 0) {
            await pruneDelivered(this.#db, this.#keepDeliveredMs);
          }
        } catch (error) {
          this.#log.warn({ err: error }, 'announcements could not be delivered');
        }
        if (stopped || delivered > 0 || this.#woken) continue;
        await new Promise<void>((resolve) => {
          this.#wakeUp = resolve;
          timer = setTimeout(resolve, waitMs);
        });
        this.#wakeUp = undefined;
      }
    };
    const running = loop();
    return {
      stop: async () => {
        stopped = true;
        clearTimeout(timer);
        this.#wakeUp?.();
        await running;
      },
    };
  }
}

/**
 * Milliseconds until the outbox's next pending announcement is due (0 or less: due now; null:
 * none pending), by the database's clock, which sets `next_attempt_at`.
 */
async function nextDueInMs(db: Executor): Promise<number | null> {
  const result = await db.execute<{ due_in_ms: number | null }>(sql`
    select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as due_in_ms
    from announcements where status = 'pending'`);
  const dueInMs = result.rows[0]?.due_in_ms;
  return dueInMs == null ? null : Math.ceil(dueInMs);
}

/** Announcements due now, claimed or not. */
async function dueCount(db: Executor): Promise<number> {
  const result = await db.execute<{ due: number }>(sql`
    select count(*)::int as due from announcements
    where status = 'pending' and next_attempt_at <= now()`);
  return result.rows[0]?.due ?? 0;
}

/** Drops delivered announcements older than `keepMs` (a bounded batch per call). */
async function pruneDelivered(db: Executor, keepMs: number): Promise<void> {
  await db.execute(sql`
    delete from announcements where id in (
      select id from announcements
      where status = 'delivered' and delivered_at < now() - make_interval(secs => ${keepMs / 1000})
      limit 1000)`);
}
