/**
 * What each HTTP call asks of PostgreSQL, counted inside a benchmark server: every statement a
 * pg client sends is attributed to the route of the request it serves (AsyncLocalStorage, set
 * as the request arrives). A statement outside BEGIN … COMMIT is a transaction of its own; one
 * inside counts once, at its BEGIN. Only the benchmark servers load this. The totals are exact;
 * under a contended pool a statement sent through `pool.query` can be counted under the route
 * of the request that released the connection it waited for (pg-pool runs the waiter's callback
 * there), so read the per-route split of a large run as approximate.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import pg from 'pg';

export interface RouteStatements {
  requests: number;
  statements: number;
  transactions: number;
  /** Statements by their first words, e.g. `select … for update`, `insert into payments`. */
  kinds: Record<string, number>;
}

const route = new AsyncLocalStorage<string>();
const byRoute = new Map<string, RouteStatements>();
const inTransaction = new WeakSet<object>();

const entry = (name: string) => {
  let found = byRoute.get(name);
  if (!found) {
    found = { requests: 0, statements: 0, transactions: 0, kinds: {} };
    byRoute.set(name, found);
  }
  return found;
};

function kindOf(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const table = /^(?:insert into|update|delete from) "?(\w+)/.exec(t)?.[1];
  if (table) return `${t.split(' ')[0]} ${table}`;
  if (t.startsWith('select')) {
    const from = /\bfrom "?(\w+)/.exec(t)?.[1] ?? '';
    return `select ${from}${/ for (update|share)\b/.test(t) ? ' (locking)' : ''}`.trim();
  }
  if (t.startsWith('with')) return 'with …';
  if (t.startsWith('rollback to')) return 'rollback to savepoint';
  // `begin; select …` (a statement sent with its BEGIN) opens a transaction too.
  return /^[a-z_]+/.exec(t)?.[0] ?? t;
}

/** Starts counting: patches pg's client and names each request by its method and path. */
export function countStatements(server: Server): void {
  server.prependListener('request', (request) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const name = `${request.method} ${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id')}`;
    entry(name).requests += 1;
    route.enterWith(name);
  });
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    const counted = entry(route.getStore() ?? '(no request)');
    const kind = kindOf(text);
    counted.statements += 1;
    counted.kinds[kind] = (counted.kinds[kind] ?? 0) + 1;
    if (kind === 'begin') {
      inTransaction.add(this);
      counted.transactions += 1;
    } else if (kind === 'commit' || kind === 'rollback') inTransaction.delete(this);
    else if (!inTransaction.has(this)) counted.transactions += 1;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Statements and transactions sent by this process since it started (countStatementTotals). */
export const statementTotals = { statements: 0, transactions: 0 };
const totalsInTransaction = new WeakSet<object>();

/**
 * Counts every statement and transaction this process sends, without naming routes or kinds:
 * cheap enough to leave on while the CPU is measured. A transaction is a BEGIN … COMMIT or a
 * statement on its own, as above.
 */
export function countStatementTotals(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    const head = text.trimStart().slice(0, 11).toLowerCase();
    statementTotals.statements += 1;
    if (head.startsWith('begin')) {
      totalsInTransaction.add(this);
      statementTotals.transactions += 1;
    } else if (
      head.startsWith('commit') ||
      (head.startsWith('rollback') && !head.startsWith('rollback to'))
    ) {
      totalsInTransaction.delete(this);
    } else if (!totalsInTransaction.has(this)) statementTotals.transactions += 1;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

export function statementCounts(): Record<string, RouteStatements> {
  return Object.fromEntries(byRoute);
}

export function resetStatementCounts(): void {
  byRoute.clear();
}
