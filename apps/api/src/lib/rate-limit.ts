import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { RateLimitedError } from './errors.ts';

export interface RateLimit {
  /** What is counted, e.g. `offers:ip:203.0.113.7`. */
  key: string;
  /** How many calls a window allows. */
  max: number;
  windowMs: number;
}

/**
 * Counts one call against a fixed window kept in PostgreSQL (the `rate_limits` table the
 * identity library also uses, under keys of our own), so every API process shares the count.
 * One statement: concurrent calls cannot both take the last slot. Returns the milliseconds to
 * wait when the window is full, 0 when the call may go on.
 */
export async function countCall(db: Db, limit: RateLimit, now = Date.now()): Promise<number> {
  const key = `devstay:${limit.key}`;
  const windowStart = now - limit.windowMs;
  const count = () =>
    db.execute<{ count: number; started: string }>(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${key}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStart} then 1
                   else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${windowStart} then ${now}
                          else rate_limits.last_request end
    returning count, last_request as started`);
  // The row carries the key twice (id and key, both unique) and ON CONFLICT arbitrates on one:
  // when several first calls of a key race, the losers hit the primary key instead. The row
  // exists then, so the same statement, once more, counts them.
  const result = await count().catch((error: unknown) => {
    const code =
      (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '23505') return count();
    throw error;
  });
  const row = result.rows[0];
  if (!row || row.count <= limit.max) return 0;
  return Math.max(1, Number(row.started) + limit.windowMs - now);
}

/** Counts the call against every limit; the first full one refuses it with 429 and Retry-After. */
export async function enforceRateLimits(
  db: Db,
  limits: RateLimit[],
  message: string,
): Promise<void> {
  for (const limit of limits) {
    const waitMs = await countCall(db, limit);
    if (waitMs > 0) throw new RateLimitedError(message, Math.ceil(waitMs / 1000));
  }
}
