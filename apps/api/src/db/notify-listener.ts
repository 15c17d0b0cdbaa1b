import pg from 'pg';

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel (pooled connections cannot: a
 * LISTEN lasts as long as its session). It reconnects when the connection is lost, waiting a
 * little longer after each failed attempt; notices sent while it was away are gone, so
 * `onConnect` is told about every (re)connection.
 */
export interface NotifyListener {
  /** True while the connection is up and listening. */
  readonly listening: boolean;
  /** The server process id of the listening connection (null while away). */
  readonly backendPid: number | null;
  close(): Promise<void>;
}

export interface NotifyListenerOptions {
  connection: pg.ClientConfig;
  channel: string;
  onNotice(payload: string): void;
  /** After each successful LISTEN; `reconnected` is false the first time. */
  onConnect(reconnected: boolean): void;
  onError(error: Error): void;
  /** First and longest wait before a new attempt. */
  retryMs?: { first: number; max: number };
}

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
      application_name: `devstay listener ${options.channel}`,
      keepAlive: true,
    });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) {
        options.onNotice(message.payload);
      }
    });
    client.on('error', (error) => {
      options.onError(error);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(options.channel)}`);
    } catch (error) {
      options.onError(error instanceof Error ? error : new Error(String(error)));
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
