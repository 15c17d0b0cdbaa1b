import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  LISTENER_APPLICATION_NAME,
  type NotifyListener,
  startNotifyListener,
} from '../db/notify-listener.ts';

/**
 * The change notices every API process hears from PostgreSQL (LISTEN/NOTIFY), on one
 * dedicated connection per process: the catalogue's (plugins/catalogue-cache.ts) and the
 * sessions' (plugins/session-cache.ts), each on its own channel
 * (docs/decisions/0006-read-cache-invalidation.md).
 */
interface NoticeHandlers {
  notice(payload: string): void;
  /**
   * After every (re)connection of the listener: notices sent while it was away are lost, so
   * what was kept from before must be forgotten. `reconnected` is false the first time.
   */
  connected(reconnected: boolean): void;
}

interface ChangeNotices {
  /**
   * Hands `channel`'s notices to `handlers` (one subscriber per channel), and tells it at once
   * when the listener is already connected.
   */
  on(channel: string, handlers: NoticeHandlers): void;
  /**
   * Resolves once every listening process has heard every notice committed before the call
   * (true), or after SETTLE_TIMEOUT_MS without all of them (false). A write whose answer must
   * find every process up to date (a revoked session) waits for it before answering.
   */
  settle(): Promise<boolean>;
  /** Whether this process hears other processes' changes right now. */
  readonly listening: boolean;
  /** The listening connection's server process id (null while away). */
  readonly listenerPid: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    changeNotices: ChangeNotices;
  }
}

/**
 * The channel of settle rounds: `{"settle": id}` asks every process to answer `{"heard": id}`.
 * A process answers when the request arrives, i.e. after every notice committed before it
 * (notices reach a listener in commit order).
 * @internal
 */
export const SETTLE_CHANNEL = 'devstay_settle';
/** Beyond this a settle gives up waiting: a process that stalls must not stall every write. */
const SETTLE_TIMEOUT_MS = 2000;

export const changeNotices: FastifyPluginAsync<{ db: Db; channels: readonly string[] }> = async (
  app,
  { db, channels },
) => {
  const handlers = new Map<string, NoticeHandlers>();
  const rounds = new Map<string, { heard: number; expected: number; done(): void }>();

  function settleNotice(payload: string) {
    let message: { settle?: unknown; heard?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.settle === 'string') {
      const heard = JSON.stringify({ heard: message.settle });
      // Through the listening connection (no wait for the pool) once it is known.
      if (listener) void listener.notify(SETTLE_CHANNEL, heard);
      else void db.execute(sql`select pg_notify(${SETTLE_CHANNEL}, ${heard})`).catch(() => {});
    } else if (typeof message.heard === 'string') {
      const round = rounds.get(message.heard);
      if (!round) return;
      round.heard += 1;
      if (round.heard >= round.expected) round.done();
    }
  }

  let listener: NotifyListener | undefined;
  listener = await startNotifyListener({
    connection: db.$client.options,
    channels: [...channels, SETTLE_CHANNEL],
    onNotice(payload, channel) {
      if (channel === SETTLE_CHANNEL) settleNotice(payload);
      else handlers.get(channel)?.notice(payload);
    },
    onConnect(reconnected) {
      for (const handler of handlers.values()) handler.connected(reconnected);
      if (reconnected) app.log.info('change listener reconnected: kept answers forgotten');
    },
    onError(error) {
      app.log.warn({ err: error }, 'change listener: connection lost');
    },
  });
  const listening = listener;
  app.addHook('onClose', () => listening.close());

  const notices: ChangeNotices = {
    on(channel, handler) {
      if (!channels.includes(channel)) throw new Error(`${channel} is not listened to`);
      handlers.set(channel, handler);
      // A subscriber that comes after the first connection still hears of it: what it reads
      // from now on must see every change committed before the listening began.
      if (listening.listening) handler.connected(false);
    },
    async settle() {
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const round = { heard: 0, expected: Number.POSITIVE_INFINITY, done: () => {} };
      const settled = new Promise<boolean>((resolve) => {
        round.done = () => resolve(true);
        timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
      });
      rounds.set(id, round);
      try {
        // The listening processes of this database, counted as the request is sent.
        const result = await db.execute<{ listeners: number }>(sql`
          select pg_notify(${SETTLE_CHANNEL}, ${JSON.stringify({ settle: id })}),
            (select count(*)::int from pg_stat_activity
              where datname = current_database()
                and application_name = ${LISTENER_APPLICATION_NAME}) as listeners`);
        round.expected = result.rows[0]?.listeners ?? 0;
        if (round.heard >= round.expected) round.done();
        const all = await settled;
        if (!all) {
          app.log.warn(
            { heard: round.heard, listeners: round.expected },
            'not every process confirmed the latest changes in time',
          );
        }
        return all;
      } catch (error) {
        // The write is committed: the other processes are left to their notices and TTLs.
        app.log.warn({ err: error }, 'settle round not sent');
        return false;
      } finally {
        clearTimeout(timer);
        rounds.delete(id);
      }
    },
    get listening() {
      return listening.listening;
    },
    get listenerPid() {
      return listening.backendPid;
    },
  };
  app.decorate('changeNotices', notices);
};
// Share the application's context (what fastify-plugin does): every plugin sees it.
Object.assign(changeNotices, { [Symbol.for('skip-override')]: true });
