import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Deployment, startDeployment } from '../../test/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { enqueueMail } from './outbox.ts';

/**
 * The outbox with real processes: two servers as `npm start` runs them, one PostgreSQL, and a
 * real SMTP server slower than a claim's lease.
 */

let deployment: Deployment;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  deployment = await startDeployment(2, {
    SMTP_URL: smtp.url,
    MAIL_LEASE_MS: '1000',
    MAIL_POLL_MS: '50',
  });
}, 180_000);

afterAll(async () => {
  await deployment?.stop();
  await smtp?.close();
});

describe('two server processes and a slow SMTP server', () => {
  test('each message arrives once, though every send outlasts a lease', async () => {
    // The server answers each message 2 s after its end; a claim lasts 1 s unless renewed.
    // Claimed as a batch and never checked again, the messages' claims lapse while the server is
    // slow: the other process claims and sends them — the one being sent too — and the first,
    // once answered, sends the rest of its batch all the same. Claimed one at a time, renewed
    // while sent and checked before the outcome is recorded, each is sent once by one process,
    // and no claim lapses while its process lives.
    smtp.delayMs.data = 2000;
    const subjects = Array.from({ length: 5 }, (_, i) => `Receipt ${i}`);
    const started = performance.now();
    await deployment.db.transaction(async (tx) => {
      for (const subject of subjects) {
        await enqueueMail(tx, {
          to: 'guest@example.dev',
          subject,
          text: `Plain ${subject}`,
          html: `<p>${subject}</p>`,
        });
      }
    });
    const outbox = () =>
      deployment.db
        .execute<{ status: string; attempts: number }>(sql`
          select status, attempts from mail_outbox where subject like 'Receipt %'`)
        .then((r) => r.rows);
    const end = Date.now() + 30_000;
    while ((await outbox()).some((r) => r.status !== 'sent') && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = Math.round(performance.now() - started);
    // Long enough for a stale claim's send to reach the server.
    await new Promise((r) => setTimeout(r, 2500));
    const rows = await outbox();
    console.info(
      `${subjects.length} messages at 2 s each over 2 processes: all sent in ${ms} ms, ` +
        `claims per message ${JSON.stringify(rows.map((r) => r.attempts))}`,
    );
    const got = smtp.received.map((m) => m.parsed.subject ?? '').sort();
    expect(got).toEqual(subjects);
    expect(rows.map((r) => r.status)).toEqual(subjects.map(() => 'sent'));
    expect(rows.map((r) => r.attempts)).toEqual(subjects.map(() => 1));
  }, 60_000);
});
