import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { releasePending } from './repository.ts';

/**
 * Releases holds that lapsed unpaid: `pending → expired` for bookings whose hold_expires_at has
 * passed at `now` (the app's clock), their units given back in the same transaction. Safe to run
 * in every process at once: each booking is released exactly once (see releasePending). Returns
 * the ids released by this call.
 */
export async function releaseExpiredHolds(db: Db, now: Date, batch = 100): Promise<string[]> {
  const released: string[] = [];
  for (;;) {
    const ids = await db.transaction((tx) =>
      releasePending(
        tx,
        sql`hold_expires_at < ${now.toISOString()}::timestamptz`,
        'expired',
        'lapsed',
        batch,
      ),
    );
    released.push(...ids);
    if (ids.length < batch) return released;
  }
}

export interface HoldSweeper {
  /** One sweep now (what the interval runs). */
  runOnce(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Sweeps every `intervalMs` in this process at the time `clock` tells (the app's), then runs
 * `after` (the payments' reconciliation); a failed sweep is logged and retried next time.
 */
export function startHoldSweeper(
  db: Db,
  intervalMs: number,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  after?: () => Promise<unknown>,
  clock: () => Date = () => new Date(),
): HoldSweeper {
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => releaseExpiredHolds(db, clock());
  const timer = setInterval(() => {
    running = runOnce()
      .then(async (ids) => {
        if (ids.length > 0) log.info({ released: ids.length }, 'released lapsed booking holds');
        await after?.();
      })
      .catch((error: unknown) => log.warn({ err: error }, 'releasing lapsed holds failed'));
  }, intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
