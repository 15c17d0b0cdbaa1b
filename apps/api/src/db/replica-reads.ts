import { asError } from '@devstay/shared/error-message';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import * as schema from './schema.ts';

/**
 * Where the catalogue's reads go (docs/decisions/0012-replica-reads.md): to a streaming replica
 * (DATABASE_REPLICA_URL) once it has replayed every catalogue change this process has heard of,
 * else to the primary. Bookings, payments, holds, sessions, rate limits, favourites and every
 * read that decides money or access never come here: they take the primary's handle.
 *
 * Each catalogue change notice raises the position every read must see: when the notice
 * arrives the change is committed, so the primary's `pg_current_wal_lsn()` read then lies past
 * its commit record. Until that position is known, reads go to the primary. A replica's
 * connection is asked `pg_last_wal_replay_lsn()` only when the position moved past what it
 * last answered, and on that same connection the read then runs: behind a balancer a new
 * connection may reach another server, so a position is never carried from one to another.
 */
export interface ReplicaReads {
  /** The handle catalogue reads take: the primary's unless a replica is set. */
  readonly db: Db;
  /**
   * A catalogue change was committed (its notice heard, or this process wrote it): reads go
   * to the primary until its position is known, then to a replica that has replayed it.
   */
  changeHeard(): void;
  /** Reads sent to the replica, and to the primary because the replica was behind or away. */
  readonly routed: { replica: number; primary: number };
  /**
   * How far the replica is behind the primary now: the WAL the primary has written that the
   * replica has not replayed (so a replica cut off from the primary shows its lag), and the age
   * of its last replayed transaction while it is behind. Null without a replica; throws when
   * either server does not answer.
   */
  lag(): Promise<ReplicaLag | null>;
  close(): Promise<void>;
}

interface ReplicaLag {
  bytes: number;
  seconds: number;
}

export interface ReplicaReadsOptions {
  primary: Db;
  replicaUrl: string | undefined;
  /** A replica that could not be reached (its reads went to the primary). */
  unreachable?(error: Error): void;
}

/**
 * A WAL position ('16/B374D848') as a number that orders.
 * @internal
 */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * An error of the connection rather than of the statement: ended by the server or the balancer
 * (class 57P: admin shutdown; 08: connection exception; or closed without a word).
 */
function connectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('57P') || code.startsWith('08'))) return true;
  if (code === 'ECONNRESET' || code === 'EPIPE') return true;
  return typeof message === 'string' && message.includes('Connection terminated');
}

/** Not a replica at all: the replica's door sent this connection to the primary. */
const PRIMARY = -1n;
/** Before the replica's first check: behind every position. */
const UNKNOWN = -2n;
/** A position taken from the primary failed: tried again after this. */
const POSITION_RETRY_MS = 500;

export function createReplicaReads(options: ReplicaReadsOptions): ReplicaReads {
  const { primary } = options;
  const routed = { replica: 0, primary: 0 };
  if (!options.replicaUrl) {
    return { db: primary, changeHeard() {}, routed, lag: async () => null, close: async () => {} };
  }
  let closed = false;
  // The position every read must see; `pending` changes heard whose position is not yet read.
  // No position until the first is read (after the listener's first connection): a process
  // that starts knows nothing of the changes before it, so it reads from the primary until then.
  let need = 0n;
  let positioned = false;
  let pending = 0;
  const replayed = new WeakMap<pg.PoolClient, bigint>();
  const primaryPool = primary.$client;

  async function readPosition(): Promise<void> {
    while (!closed) {
      try {
        const result = await primary.execute<{ lsn: string }>(
          sql`select pg_current_wal_lsn()::text as lsn`,
        );
        const lsn = result.rows[0]?.lsn;
        if (lsn) {
          const value = lsnValue(lsn);
          if (value > need) need = value;
          positioned = true;
        }
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, POSITION_RETRY_MS));
      }
    }
  }

  /** Whether `client` (a replica's connection) shows every change heard so far. */
  async function caughtUp(client: pg.PoolClient): Promise<boolean> {
    if (pending > 0 || !positioned) return false;
    const target = need;
    const known = replayed.get(client) ?? UNKNOWN;
    if (known === PRIMARY || known >= target) return true;
    const result = await client.query<{ recovering: boolean; lsn: string | null }>(
      'select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as lsn',
    );
    const row = result.rows[0];
    if (!row?.recovering || !row.lsn) {
      // A primary behind the replicas' door (no replica healthy): it has every change.
      replayed.set(client, PRIMARY);
      return true;
    }
    const position = lsnValue(row.lsn);
    replayed.set(client, position);
    return position >= target && pending === 0;
  }

  class ReplicaPool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(
      callback: (
        err: Error | undefined,
        client: pg.PoolClient | undefined,
        done: () => void,
      ) => void,
    ): void;
    override connect(
      callback?: (
        err: Error | undefined,
        client: pg.PoolClient | undefined,
        done: () => void,
      ) => void,
    ): Promise<pg.PoolClient> | undefined {
      if (callback) throw new Error('the replica pool answers promises only');
      return this.#checkedConnect();
    }

    /** A connection to whatever the replica's address leads to, unchecked. */
    uncheckedConnect(): Promise<pg.PoolClient> {
      return super.connect();
    }

    async #checkedConnect(): Promise<pg.PoolClient> {
      if (pending === 0 && positioned) {
        let client: pg.PoolClient | undefined;
        try {
          client = await super.connect();
          if (await caughtUp(client)) {
            routed.replica += 1;
            return client;
          }
          client.release();
        } catch (error) {
          client?.release(asError(error));
          options.unreachable?.(asError(error));
        }
      }
      routed.primary += 1;
      return primaryPool.connect();
    }

    // Every query takes a checked connection: drizzle's and the hand-written statements alike.
    // A read whose replica connection is cut under it (its node promoted: the replicas' door
    // ends the sessions of a node that stops being a replica) is read again from the primary.
    override query(...args: unknown[]): never {
      const send = (client: pg.PoolClient) =>
        (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      const run = async () => {
        const client = await this.connect();
        try {
          const answer = await send(client);
          client.release();
          return answer;
        } catch (error) {
          client.release(asError(error));
          if (!connectionLost(error)) throw error;
          routed.primary += 1;
          const again = await primaryPool.connect();
          try {
            return await send(again);
          } finally {
            again.release();
          }
        }
      };
      return run() as never;
    }
  }

  const pool = new ReplicaPool({
    connectionString: options.replicaUrl,
    max: primaryPool.options.max,
    application_name: 'devstay catalogue reads',
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;

  async function lag(): Promise<ReplicaLag> {
    // The primary's position first: a replica keeping up has replayed it by the time it is asked.
    const written = await primary.execute<{ lsn: string }>(
      sql`select pg_current_wal_lsn()::text as lsn`,
    );
    const client = await pool.uncheckedConnect();
    let row: { recovering: boolean; lsn: string | null; since: number } | undefined;
    try {
      const result = await client.query<NonNullable<typeof row>>(
        `select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as lsn,
          extract(epoch from now() - coalesce(pg_last_xact_replay_timestamp(),
            pg_postmaster_start_time()))::float8 as since`,
      );
      row = result.rows[0];
      client.release();
    } catch (error) {
      client.release(asError(error));
      throw error;
    }
    // The primary itself behind the replicas' door (no replica healthy): nothing to replay.
    if (!row?.recovering || !row.lsn) return { bytes: 0, seconds: 0 };
    const behind = lsnValue(written.rows[0]?.lsn ?? '0/0') - lsnValue(row.lsn);
    if (behind <= 0n) return { bytes: 0, seconds: 0 };
    return { bytes: Number(behind), seconds: Math.max(0, row.since) };
  }

  return {
    db,
    lag,
    changeHeard() {
      pending += 1;
      void readPosition().finally(() => {
        pending -= 1;
      });
    },
    routed,
    async close() {
      closed = true;
      await pool.end().catch(() => {});
    },
  };
}
