import { errorMessage } from '@devstay/shared/error-message';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MailAttachment } from './outbox.ts';

/**
 * Where a claimed message goes. Throwing means "not delivered, try again later". `signal` aborts
 * a send whose claim is lost: the transport drops the connection (what the server already holds
 * whole it may still deliver; see the worker).
 */
interface MailTransport {
  readonly name: string;
  send(
    message: {
      from: string;
      to: string;
      subject: string;
      text: string;
      html: string;
      attachments: readonly MailAttachment[];
    },
    signal?: AbortSignal,
  ): Promise<void>;
  close?(): void;
}

/**
 * Delivery over SMTP by nodemailer (`smtp://` or `smtps://user:pass@host:port`).
 * @internal
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message, signal) {
      // Base64 whatever the type: a text file sent quoted-printable comes out of the reader's
      // decoder with its own line ends, and a calendar file must keep its CRLFs.
      const attachments = message.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        contentTransferEncoding: 'base64' as const,
      }));
      await transporter.sendMail({ ...message, attachments, signal });
    },
    close: () => transporter.close(),
  };
}

/**
 * Development without SMTP: nothing leaves the machine. Messages are marked sent and read in
 * the development inbox (/api/dev/inbox), which lists the outbox.
 */
const devInboxTransport: MailTransport = {
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
  /**
   * How long a claim reserves a message to its worker; renewed every third of it while the
   * worker sends, so only a worker that died (or lost the database) lets it lapse.
   */
  leaseMs?: number;
  /** Messages one look at the outbox delivers at most (each claimed just before its send). */
  batchSize?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface MailWorker {
  /** Claims and delivers the messages due now, one by one; returns how many were attempted. */
  runOnce(): Promise<number>;
  /** Looks at the outbox now instead of at the next poll. */
  wake(): void;
  /** Finishes the delivery in progress and stops. */
  stop(): Promise<void>;
}

/**
 * Delay before attempt `attempts + 1`, after `attempts` failed ones: base · 2^(attempts−1).
 * @internal
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs = 6 * 3600_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

type ClaimedRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's files, their content in base64 (JSON carries no bytes). */
  attachments: { filename: string; contentType: string; content: string }[];
  /** The claim's fencing token: only a claim changes `attempts`, by one. */
  attempts: number;
};

/** Why a send was abandoned: its claim is another worker's now, or may be soon. */
class ClaimLostError extends Error {
  /** True when another claim is known to hold the row; false when ours may merely lapse. */
  readonly known: boolean;
  constructor(known: boolean) {
    super(known ? 'the claim was taken over' : 'the claim could not be renewed in time');
    this.known = known;
  }
}

/**
 * The outbox worker. Everything lives in `mail_outbox`, so it survives restarts, and several
 * processes can run it at once.
 *
 * A message is claimed just before it is sent: `FOR UPDATE SKIP LOCKED` on the next due row
 * pushes its next_attempt_at a lease ahead and counts the attempt. The attempt number is the
 * claim's fencing token: only a claim changes it, so a later claim of the row (after the lease
 * lapsed) tells the earlier holder its claim is gone. While the send runs the lease is renewed
 * every third of it, under the token; when a renewal finds the claim taken over, or none
 * succeeded for nearly a lease, the send is aborted (the SMTP connection dropped) before the
 * lease can lapse. The outcome — sent, a retry later, or failed — is recorded only under the
 * same token. So a claim is sent by its holder only, and a live worker's claim does not lapse
 * while the server is slow. What stays possible: a server that had the whole message but whose
 * acceptance never reached us (connection cut, the process killed, a send aborted while awaiting
 * the final reply) gets it again at the next attempt.
 * A failure is retried with exponential backoff until `maxAttempts`, then marked 'failed'.
 * @internal
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport } = options;
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 10;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let current: Promise<number> = Promise.resolve(0);

  /** The next due message, claimed; none when nothing is due. */
  async function claim(): Promise<ClaimedRow | undefined> {
    const result = await db.execute<ClaimedRow>(sql`
      update mail_outbox m
         set attempts = m.attempts + 1,
             next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
       where m.id in (
         select id from mail_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at
          limit 1
          for update skip locked)
      returning m.id, m."to", m.subject, m.text, m.html, m.attempts,
        (select coalesce(json_agg(json_build_object(
            'filename', a.filename, 'contentType', a.content_type,
            'content', encode(a.content, 'base64')) order by a.position), '[]')
           from mail_attachments a where a.mail_id = m.id) as attachments`);
    return result.rows[0];
  }

  /**
   * Pushes the lease a full `leaseMs` ahead if the claim is still ours: the row is pending and
   * carries our attempt number (a lapsed lease nobody claimed since is taken back: no one else
   * can be sending it).
   */
  async function renew(row: ClaimedRow): Promise<boolean> {
    const result = await db.execute(sql`
      update mail_outbox
         set next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
       where id = ${row.id} and status = 'pending' and attempts = ${row.attempts}
      returning id`);
    return result.rows.length > 0;
  }

  /**
   * Sends under the claim (taken at `claimedAt`), renewing its lease every third of it. Aborts
   * the send when a renewal finds the claim taken over, or when no claim or renewal succeeded for
   * 90% of a lease (counted from before it was asked, so ahead of the database's own expiry).
   */
  async function sendHoldingClaim(row: ClaimedRow, claimedAt: number): Promise<void> {
    const abort = new AbortController();
    let watchdog: NodeJS.Timeout | undefined;
    const armWatchdog = (askedAt: number) => {
      clearTimeout(watchdog);
      const left = askedAt + leaseMs * 0.9 - performance.now();
      watchdog = setTimeout(() => abort.abort(new ClaimLostError(false)), Math.max(0, left));
    };
    let renewing: Promise<void> | undefined;
    const heartbeat = setInterval(
      () => {
        if (renewing) return;
        const askedAt = performance.now();
        renewing = renew(row)
          .then((ours) => {
            if (ours) armWatchdog(askedAt);
            else abort.abort(new ClaimLostError(true));
          })
          .catch((error: unknown) => {
            options.log?.warn({ id: row.id, err: error }, 'e-mail lease not renewed');
          })
          .finally(() => {
            renewing = undefined;
          });
      },
      Math.max(1, leaseMs / 3),
    );
    armWatchdog(claimedAt);
    try {
      await transport.send(
        {
          from: options.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, 'base64'),
          })),
        },
        abort.signal,
      );
    } catch (error) {
      throw abort.signal.aborted ? abort.signal.reason : error;
    } finally {
      clearInterval(heartbeat);
      clearTimeout(watchdog);
      await renewing;
    }
  }

  async function deliver(row: ClaimedRow, claimedAt: number): Promise<void> {
    const ours = sql`id = ${row.id} and status = 'pending' and attempts = ${row.attempts}`;
    try {
      await sendHoldingClaim(row, claimedAt);
      const sent = await db.execute(sql`
        update mail_outbox set status = 'sent', sent_at = now(), last_error = null
         where ${ours} returning id`);
      if (sent.rows.length === 0) {
        options.log?.warn({ id: row.id }, 'e-mail sent after its claim was taken over');
      }
    } catch (error) {
      if (error instanceof ClaimLostError && error.known) {
        // Another worker holds the message now: its outcome is that worker's to record.
        options.log?.warn({ id: row.id }, 'e-mail left to the worker that claimed it since');
        return;
      }
      const message = errorMessage(error).slice(0, 1000);
      if (row.attempts >= options.maxAttempts) {
        await db.execute(sql`
          update mail_outbox set status = 'failed', last_error = ${message} where ${ours}`);
        options.log?.warn({ id: row.id, attempts: row.attempts, error: message }, 'e-mail failed');
      } else {
        const delay = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
        await db.execute(sql`
          update mail_outbox
             set last_error = ${message},
                 next_attempt_at = now() + make_interval(secs => ${delay / 1000})
           where ${ours}`);
      }
    }
  }

  async function runOnce(): Promise<number> {
    let attempted = 0;
    while (attempted < batchSize && !stopped) {
      const claimedAt = performance.now();
      const row = await claim();
      if (!row) break;
      await deliver(row, claimedAt);
      attempted += 1;
    }
    return attempted;
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
    leaseMs: config.MAIL_LEASE_MS,
    log,
  });
}
