import { asError } from '@devstay/shared/error-message';
import pg from 'pg';

/**
 * One dedicated PostgreSQL connection that LISTENs on a process's channels (pooled connections
 * cannot: a LISTEN lasts as long as its session). It reconnects when the connection is lost,
 * waiting a little longer after each failed attempt; notices sent while it was away are gone,
 * so `onConnect` is told about every (re)connection. Notices of every channel arrive in the
 * order their transactions committed.
 */
export interface NotifyListener {
  /** True while the connection is up and listening. */
  readonly listening: boolean;
  /** The server process id of the listening connection (null while away). */
  readonly backendPid: number | null;
  /**
   * Sends a notice through the listening connection (no pooled connection needed); false when
   * it is away or the notice could not be sent.
   */
  notify(channel: string, payload: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface NotifyListenerOptions {
  connection: pg.ClientConfig;
  channels: readonly string[];
  onNotice(payload: string, channel: string): void;
  /** After each successful LISTEN; `reconnected` is false the first time. */
  onConnect(reconnected: boolean): void;
  onError(error: Error): void;
  /** First and longest wait before a new attempt. */
  retryMs?: { first: number; max: number };
}

/** How listening connections name themselves (pg_stat_activity counts them by it). */
export const LISTENER_APPLICATION_NAME = 'devstay listener';

/** Starts listening; resolves once the first attempt has succeeded or failed (then retries). */
export async function startNotifyListener(options: NotifyListenerOptions): Promise<NotifyListener> {
  const retry = options.retryMs ?? { first: 100, max: 5000 };
  let current: pg.Client | null = null;
  let listening: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let connectedBefore = false;
  let closed = false;

  function lost(client: pg.Client) {
    // Only the newest connection matters ('error' and 'end' may both arrive, and late).
    if (client !== current || closed) return;
    current = null;
    listening = null;
    client.end().catch(() => {});
    const wait = Math.min(retry.max, retry.first * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
  }

  async function connect() {
    const client = new pg.Client({
      ...options.connection,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    current = client;
    client.on('notification', (message) => {
      if (options.channels.includes(message.channel) && message.payload !== undefined) {
        options.onNotice(message.payload, message.channel);
      }
    });
    client.on('error', (error) => {
      options.onError(error);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const channel of options.channels) {
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      options.onError(asError(error));
      lost(client);
      return;
    }
    if (closed || client !== current) {
      await client.end().catch(() => {});
      return;
    }
    listening = client;
    failures = 0;
    options.onConnect(connectedBefore);
    connectedBefore = true;
  }

  await connect();
  return {
    get listening() {
      return listening !== null;
    },
    get backendPid() {
      return (listening as (pg.Client & { processID?: number }) | null)?.processID ?? null;
    },
    async notify(channel, payload) {
      const client = listening;
      if (!client) return false;
      try {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = null;
      listening = null;
      await client?.end().catch(() => {});
    },
  };
}
