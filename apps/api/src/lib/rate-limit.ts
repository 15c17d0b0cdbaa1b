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

/**
 * The statement counting a call against `n` limits, in order: a fixed window per key kept in
 * PostgreSQL (the `rate_limits` table the identity library also uses, under keys of our own),
 * so every API process shares the count. Each limit is counted only while the ones before it
 * allow the call (a call refused by the first is not counted by the second). One statement:
 * concurrent calls cannot both take the last slot, and one round trip counts them all. Values:
 * now (ms since the epoch), then per limit its key, window start and max.
 */
function countStatement(n: number): PreparedStatement {
  const found = statements.get(n);
  if (found) return found;
  const param = (i: number, which: 'key' | 'windowStart' | 'max') =>
    `$${2 + 3 * i + ['key', 'windowStart', 'max'].indexOf(which)}`;
  const counts = Array.from({ length: n }, (_, i) => {
    const key = `${param(i, 'key')}::text`;
    const windowStart = `${param(i, 'windowStart')}::bigint`;
    const allowed = i === 0 ? '' : `where (select allowed from c${i - 1})`;
    return `c${i} as (
      insert into rate_limits (id, key, count, last_request)
      select ${key}, ${key}, 1, $1::bigint ${allowed}
      on conflict (key) do update set
        count = case when rate_limits.last_request <= ${windowStart} then 1
                     else rate_limits.count + 1 end,
        last_request = case when rate_limits.last_request <= ${windowStart} then $1::bigint
                            else rate_limits.last_request end
      returning count, last_request, count <= ${param(i, 'max')}::int as allowed)`;
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
export async function countCalls(
  db: Db,
  limits: readonly RateLimit[],
  now = Date.now(),
): Promise<(number | null)[]> {
  if (limits.length === 0) return [];
  const values = [now, ...limits.flatMap((l) => [`devstay:${l.key}`, now - l.windowMs, l.max])];
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
    if (!row) return null;
    if (row.count <= limit.max) return 0;
    return Math.max(1, Number(row.started) + limit.windowMs - now);
  });
}

/** Counts one call against a limit: the milliseconds to wait when its window is full, else 0. */
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
