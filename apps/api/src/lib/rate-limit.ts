import type { Db } from '../db/client.ts';
import { type PreparedStatement, runPrepared, sqlState } from '../db/statements.ts';
import { RateLimitedError } from './errors.ts';

export interface RateLimit {
  /** What is counted, e.g. `offers:ip:203.0.113.7`. */
  key: string;
  /** How many calls a window allows. */
  max: number;
  windowMs: number;
}

const statements = new Map<number, PreparedStatement>();

/** Placeholders (or SQL expressions) of one limit's values in a statement. */
export interface RateLimitParams {
  /** The key, as countCalls stores it (`devstay:` + RateLimit.key). */
  key: string;
  /** Now and the window's start, in ms since the epoch. */
  now: string;
  windowStart: string;
  max: string;
}

/**
 * Counts one call against one limit, as SQL text for a CTE of a statement: a fixed window per
 * key kept in PostgreSQL (the `rate_limits` table the identity library also uses, under keys of
 * our own), so every API process shares the count. One upsert: concurrent calls cannot both
 * take the last slot. Returns (count, last_request, allowed); counts nothing when `when` (an
 * SQL condition) is false.
 */
export function countCallSql(p: RateLimitParams, when = 'true'): string {
  const key = `${p.key}::text`;
  const windowStart = `${p.windowStart}::bigint`;
  return `insert into rate_limits (id, key, count, last_request)
      select ${key}, ${key}, 1, ${p.now}::bigint where ${when}
      on conflict (key) do update set
        count = case when rate_limits.last_request <= ${windowStart} then 1
                     else rate_limits.count + 1 end,
        last_request = case when rate_limits.last_request <= ${windowStart} then ${p.now}::bigint
                            else rate_limits.last_request end
      returning count, last_request, count <= ${p.max}::int as allowed`;
}

/** The values of one limit's placeholders (RateLimitParams), in that order. */
export function rateLimitValues(limit: RateLimit, now: number): [string, number, number, number] {
  return [`devstay:${limit.key}`, now, now - limit.windowMs, limit.max];
}

/**
 * The milliseconds to wait before `limit` allows a call, from what countCallSql returned (0
 * when it allows it).
 */
export function waitFor(
  limit: RateLimit,
  counted: { count: number; started: number },
  now: number,
): number {
  if (counted.count <= limit.max) return 0;
  return Math.max(1, Number(counted.started) + limit.windowMs - now);
}

/**
 * The statement counting a call against `n` limits in one round trip, in order: each only
 * while the ones before it allow the call (a call refused by the first is not counted by the
 * second). Values: per limit, rateLimitValues.
 */
function countStatement(n: number): PreparedStatement {
  const found = statements.get(n);
  if (found) return found;
  const counts = Array.from({ length: n }, (_, i) => {
    const [key, now, windowStart, max] = [1, 2, 3, 4].map((k) => `$${4 * i + k}`) as [
      string,
      string,
      string,
      string,
    ];
    const when = i === 0 ? 'true' : `(select allowed from c${i - 1})`;
    return `c${i} as (${countCallSql({ key, now, windowStart, max }, when)})`;
  });
  const rows = Array.from(
    { length: n },
    (_, i) => `select ${i} as limit_index, count, last_request as started from c${i}`,
  );
  const text = `with ${counts.join(',\n')}\n${rows.join('\nunion all\n')}`;
  const statement = { name: `rate_limits_count_${n}`, text };
  statements.set(n, statement);
  return statement;
}

/**
 * Counts one call against each limit in order (see countStatement). Returns, per limit, the
 * milliseconds to wait when its window is full, 0 when it allows the call, or null when an
 * earlier limit refused it (not counted).
 */
async function countCalls(
  db: Db,
  limits: readonly RateLimit[],
  now = Date.now(),
): Promise<(number | null)[]> {
  if (limits.length === 0) return [];
  const values = limits.flatMap((l) => rateLimitValues(l, now));
  const count = () =>
    runPrepared<{ limit_index: number; count: number; started: number }>(
      db.$client,
      countStatement(limits.length),
      values,
    );
  // The row carries the key twice (id and key, both unique) and ON CONFLICT arbitrates on one:
  // when several first calls of a key race, the losers hit the primary key instead and the
  // statement counts nothing. The row exists then, so the same statement, once more, counts them.
  const rows = await count().catch((error: unknown) => {
    if (sqlState(error) === '23505') return count();
    throw error;
  });
  return limits.map((limit, i) => {
    const row = rows.find((r) => r.limit_index === i);
    return row ? waitFor(limit, row, now) : null;
  });
}

/**
 * Counts one call against a limit: the milliseconds to wait when its window is full, else 0.
 * @internal
 */
export async function countCall(db: Db, limit: RateLimit, now = Date.now()): Promise<number> {
  const [wait] = await countCalls(db, [limit], now);
  return wait ?? 0;
}

/** Counts the call against every limit; the first full one refuses it with 429 and Retry-After. */
export async function enforceRateLimits(
  db: Db,
  limits: RateLimit[],
  message: string,
): Promise<void> {
  for (const waitMs of await countCalls(db, limits)) {
    if (waitMs) throw new RateLimitedError(message, Math.ceil(waitMs / 1000));
  }
}
