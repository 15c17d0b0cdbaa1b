import { errorMessage } from '@devstay/shared/error-message';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** Where a claimed message goes. Throwing means "not delivered, try again later". */
export interface MailTransport {
  readonly name: string;
  send(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<void>;
  close?(): void;
}

/** Delivery over SMTP by nodemailer (`smtp://` or `smtps://user:pass@host:port`). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/**
 * Development without SMTP: nothing leaves the machine. Messages are marked sent and read in
 * the development inbox (/api/dev/inbox), which lists the outbox.
 */
export const devInboxTransport: MailTransport = {
  name: 'dev-inbox',
  async send() {},
};

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Attempts before a message is given up as 'failed'. */
  maxAttempts: number;
  /** Delay before the 2nd attempt; doubles for each further one. */
  retryBaseMs: number;
  /** Longest delay between two attempts. */
  retryMaxMs?: number;
  /** Idle wait between two looks at the outbox. */
  pollMs: number;
  /** How long a claimed message stays reserved for one worker (a crashed worker's claim lapses). */
  leaseMs?: number;
  batchSize?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface MailWorker {
  /** Claims and delivers the messages due now; returns how many were attempted. */
  runOnce(): Promise<number>;
  /** Looks at the outbox now instead of at the next poll. */
  wake(): void;
  /** Finishes the delivery in progress and stops. */
  stop(): Promise<void>;
}

/** Delay before attempt `attempts + 1`, after `attempts` failed ones: base · 2^(attempts−1). */
export function retryDelayMs(attempts: number, baseMs: number, maxMs = 6 * 3600_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

type ClaimedRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
};

/**
 * The outbox worker. Everything lives in `mail_outbox`, so it survives restarts, and several
 * processes can run it at once: a message is claimed with `FOR UPDATE SKIP LOCKED` and reserved
 * for a lease (its next_attempt_at is pushed forward and its attempt counted) before delivery,
 * so no two workers send it at the same time and a worker that dies mid-delivery only delays it.
 * A failure is retried with exponential backoff until `maxAttempts`, then marked 'failed'.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport } = options;
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 10;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let current: Promise<number> = Promise.resolve(0);

  async function claim(): Promise<ClaimedRow[]> {
    const result = await db.execute<ClaimedRow>(sql`
      update mail_outbox m
         set attempts = m.attempts + 1,
             next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
       where m.id in (
         select id from mail_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at
          limit ${batchSize}
          for update skip locked)
      returning m.id, m."to", m.subject, m.text, m.html, m.attempts`);
    return result.rows;
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    try {
      await transport.send({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db.execute(sql`
        update mail_outbox set status = 'sent', sent_at = now(), last_error = null
         where id = ${row.id}`);
    } catch (error) {
      const message = errorMessage(error).slice(0, 1000);
      if (row.attempts >= options.maxAttempts) {
        await db.execute(sql`
          update mail_outbox set status = 'failed', last_error = ${message} where id = ${row.id}`);
        options.log?.warn({ id: row.id, attempts: row.attempts, error: message }, 'e-mail failed');
      } else {
        const delay = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
        await db.execute(sql`
          update mail_outbox
             set last_error = ${message},
                 next_attempt_at = now() + make_interval(secs => ${delay / 1000})
           where id = ${row.id}`);
      }
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  async function loop() {
    while (!stopped) {
      let attempted = 0;
      try {
        current = runOnce();
        attempted = await current;
      } catch (error) {
        options.log?.warn({ err: error }, 'mail worker could not reach the outbox');
      }
      if (stopped) break;
      if (attempted === 0) {
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          timer = setTimeout(resolve, options.pollMs);
        });
        wakeUp = undefined;
      }
    }
  }

  options.log?.info({ transport: transport.name }, 'mail worker started');
  const running = loop();
  return {
    runOnce,
    wake() {
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await running;
      await current.catch(() => 0);
      transport.close?.();
    },
  };
}

/**
 * The worker the server runs: SMTP when SMTP_URL is set; otherwise, outside production, the
 * development inbox. In production without SMTP_URL nothing is started and mail waits in the
 * outbox until a server with SMTP_URL picks it up.
 */
export function startConfiguredMailWorker(
  db: Db,
  config: Config,
  log?: MailWorkerOptions['log'],
): MailWorker | null {
  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : config.NODE_ENV !== 'production'
      ? devInboxTransport
      : null;
  if (!transport) {
    log?.warn({}, 'SMTP_URL is not set: e-mails stay in the outbox until it is');
    return null;
  }
  return startMailWorker({
    db,
    transport,
    from: config.MAIL_FROM,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    pollMs: config.MAIL_POLL_MS,
    log,
  });
}
