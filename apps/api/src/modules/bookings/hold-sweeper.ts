import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { releasePending } from './repository.ts';

/**
 * Releases holds that lapsed unpaid: `pending → expired` for bookings whose hold_expires_at has
 * passed at `now` (the app's clock), their units given back in the same transaction. Safe to run
 * in every process at once: each booking is released exactly once (see releasePending). Returns
 * the ids released by this call.
 * @internal
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

/**
 * The sweep each server process runs every BOOKING_SWEEP_MS (registered in app.ts) at the time
 * `clock` tells (the app's): lapsed holds released (each finished release told to `swept`, with
 * how many, 0 included: a sweeper that stops telling has stalled), then `after` (the payments'
 * reconciliation).
 */
export function holdSweep(
  db: Db,
  options: {
    log: { info(obj: object, msg: string): void };
    clock: () => Date;
    swept?: (released: number) => void;
    after?: () => Promise<unknown>;
  },
): () => Promise<void> {
  return async () => {
    const ids = await releaseExpiredHolds(db, options.clock());
    if (ids.length > 0) options.log.info({ released: ids.length }, 'released lapsed booking holds');
    options.swept?.(ids.length);
    await options.after?.();
  };
}
