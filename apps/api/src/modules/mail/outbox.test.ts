import { OFFERS_SUBJECT } from '@devstay/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { MAIL_ATTACHMENT_MAX_BYTES, mailAttachments, mailOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ORIGIN } from '../../test/auth.ts';
import { base64PartOf, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { enqueueMail } from './outbox.ts';
import { type MailWorker, retryDelayMs, smtpTransport, startMailWorker } from './worker.ts';

let t: TestApp;
let smtp: TestSmtpServer;
const workers: MailWorker[] = [];

beforeAll(async () => {
  // Its own workers, with their own transports and timings, are the test.
  t = await createTestApp({}, { workers: false });
  smtp = await startSmtpServer();
});
const pools: Db[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(pools.splice(0).map((p) => p.$client.end()));
  smtp.refuse = () => false;
  smtp.delayMs = { rcpt: 0, data: 0 };
});

/** A connection of its own, as another server process has. */
function ownConnection(): Db {
  const db = createDb(t.databaseUrl, 1);
  pools.push(db);
  return db;
}
afterAll(async () => {
  await smtp.close();
  await t.close();
});

function worker(options: Partial<Parameters<typeof startMailWorker>[0]> = {}) {
  const w = startMailWorker({
    db: t.db,
    transport: smtpTransport(smtp.url),
    from: 'DevStay <no-reply@devstay.dev>',
    maxAttempts: 5,
    retryBaseMs: 200,
    pollMs: 25,
    ...options,
  });
  workers.push(w);
  return w;
}

async function row(id: string) {
  const [found] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error('no row');
  return found;
}

async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const message = (to: string, subject = 'Hello') => ({
  to,
  subject,
  text: `Plain ${subject}`,
  html: `<p>HTML ${subject}</p>`,
});

describe('delivery over SMTP', () => {
  test('a message goes out with its sender, recipient, subject, text and HTML, and is marked sent', async () => {
    const id = await enqueueMail(t.db, message('first@example.dev', 'First'));
    worker();
    const mail = await smtp.waitFor((m) => m.parsed.subject === 'First');
    expect(mail.envelopeTo).toEqual(['first@example.dev']);
    expect(mail.parsed.from?.address).toBe('no-reply@devstay.dev');
    expect(mail.parsed.text?.trim()).toBe('Plain First');
    expect(mail.parsed.html).toContain('<p>HTML First</p>');
    const done = await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    expect(done).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(done.sentAt).toBeInstanceOf(Date);
  });

  test('its attachments go with it, byte for byte, in their order', async () => {
    const picture = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const notes = Buffer.from('night,price\r\n2030-07-10,125\r\n');
    const id = await enqueueMail(t.db, {
      ...message('files@example.dev', 'With files'),
      attachments: [
        { filename: 'nights.csv', contentType: 'text/csv; charset=utf-8', content: notes },
        { filename: 'picture.bin', contentType: 'application/octet-stream', content: picture },
      ],
    });
    worker();
    const mail = await smtp.waitFor((m) => m.parsed.subject === 'With files');
    expect(mail.parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ['nights.csv', 'text/csv'],
      ['picture.bin', 'application/octet-stream'],
    ]);
    expect(base64PartOf(mail, 'text/csv').equals(notes)).toBe(true);
    expect(base64PartOf(mail, 'application/octet-stream').equals(picture)).toBe(true);
    expect(
      (
        await until(
          () => row(id),
          (r) => r.status === 'sent',
        )
      ).status,
    ).toBe('sent');
  });

  test('an attachment over the bound is refused, and its message not stored', async () => {
    const big = {
      filename: 'big.bin',
      contentType: 'application/octet-stream',
      content: Buffer.alloc(MAIL_ATTACHMENT_MAX_BYTES + 1),
    };
    await expect(
      enqueueMail(t.db, { ...message('big@example.dev', 'Too big'), attachments: [big] }),
    ).rejects.toThrow(/over 262144/);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'big@example.dev')),
    ).toEqual([]);
    // The database holds the same bound whoever writes.
    const [mail] = await t.db
      .insert(mailOutbox)
      .values({ ...message('big@example.dev', 'Direct'), status: 'failed' })
      .returning({ id: mailOutbox.id });
    await expect(
      t.db.insert(mailAttachments).values({ ...big, mailId: mail?.id ?? '', position: 0 }),
    ).rejects.toThrow();
  });

  test('a refused delivery is retried with exponential backoff, then delivered once', async () => {
    const before = smtp.attempts.length;
    smtp.refuse = (n) => n === before + 1 || n === before + 2;
    const id = await enqueueMail(t.db, message('retry@example.dev', 'Retried'));
    worker({ retryBaseMs: 300 });
    await smtp.waitFor((m) => m.parsed.subject === 'Retried');
    const tries = smtp.attempts.slice(before);
    expect(tries.map((a) => a.accepted)).toEqual([false, false, true]);
    const gap1 = (tries[1]?.at ?? 0) - (tries[0]?.at ?? 0);
    const gap2 = (tries[2]?.at ?? 0) - (tries[1]?.at ?? 0);
    expect(gap1).toBeGreaterThanOrEqual(280); // base
    expect(gap2).toBeGreaterThanOrEqual(580); // 2 × base
    const done = await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    expect(done).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received.filter((m) => m.parsed.subject === 'Retried')).toHaveLength(1);
  });

  test('after the last attempt the message is marked failed with the server’s error', async () => {
    smtp.refuse = () => true;
    const id = await enqueueMail(t.db, message('never@example.dev', 'Never'));
    worker({ maxAttempts: 3, retryBaseMs: 50 });
    const failed = await until(
      () => row(id),
      (r) => r.status === 'failed',
    );
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/451|temporarily unavailable/i);
  });

  test('the backoff doubles and is capped', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30, 1000, 60_000)).toBe(60_000);
  });
});

describe('several processes and restarts', () => {
  test('two workers on one outbox deliver each message exactly once', async () => {
    const subjects = Array.from({ length: 20 }, (_, i) => `Batch ${i}`);
    for (const s of subjects) await enqueueMail(t.db, message('batch@example.dev', s));
    worker({ batchSize: 3 });
    worker({ batchSize: 3 });
    await until(
      async () => smtp.received.filter((m) => m.parsed.subject?.startsWith('Batch ')).length,
      (n) => n >= 20,
    );
    await new Promise((r) => setTimeout(r, 200));
    const got = smtp.received
      .filter((m) => m.parsed.subject?.startsWith('Batch '))
      .map((m) => m.parsed.subject);
    expect(got.sort()).toEqual([...subjects].sort());
  });

  test('a message claimed by a worker that died is delivered once its lease lapses', async () => {
    const id = await enqueueMail(t.db, message('orphan@example.dev', 'Orphan'));
    // What a crashed worker leaves: the attempt counted, the row reserved until a past time.
    await t.db.execute(
      sql`update mail_outbox set attempts = 1, next_attempt_at = now() - interval '1 second' where id = ${id}`,
    );
    worker();
    await smtp.waitFor((m) => m.parsed.subject === 'Orphan');
    expect(
      await until(
        () => row(id),
        (r) => r.status === 'sent',
      ),
    ).toMatchObject({ attempts: 2 });
  });

  test('a server slower than the lease gets each message once, from the worker holding its claim', async () => {
    // Two workers on their own connections; the server takes 2 s to accept a message, and a
    // claim lasts 1 s unrenewed. A worker that claims a batch once and never checks its claim
    // again sends every message twice here: A claims the three and sends the first; while the
    // server is slow all three leases lapse, B claims them and sends them — the first one too,
    // while A still awaits the server's answer — and A, once answered, goes on with the next
    // rows of its batch although B sent them already. The claim must be taken just before the
    // send, renewed while it runs, and checked (the attempt number is its fencing token) before
    // the outcome is recorded.
    smtp.delayMs.data = 2000;
    const subjects = ['Slow 1', 'Slow 2', 'Slow 3'];
    const ids: string[] = [];
    for (const s of subjects) ids.push(await enqueueMail(t.db, message('slow@example.dev', s)));
    worker({ db: ownConnection(), leaseMs: 1000, batchSize: 3 });
    await until(
      async () => (await row(ids[0] ?? '')).attempts,
      (n) => n === 1,
    );
    worker({ db: ownConnection(), leaseMs: 1000, batchSize: 3 });
    const rows = await until(
      () => Promise.all(ids.map(row)),
      (all) => all.every((r) => r.status === 'sent'),
      20_000,
    );
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    // Long enough for a stale claim's send to reach the server.
    await new Promise((r) => setTimeout(r, 2500));
    const got = smtp.received
      .map((m) => m.parsed.subject ?? '')
      .filter((s) => s.startsWith('Slow '))
      .sort();
    expect(got).toEqual(subjects);
  }, 40_000);

  test('a send whose claim was taken over before the server had the message is abandoned', async () => {
    // The server is slow to accept the recipient; meanwhile another worker's claim counts an
    // attempt (what happens when this worker's lease lapsed, e.g. it lost the database). The next
    // renewal finds the claim gone: the connection is dropped before the message is sent, and
    // the outcome is left to the new holder.
    smtp.delayMs.rcpt = 1500;
    const id = await enqueueMail(t.db, message('taken@example.dev', 'Taken over'));
    worker({ db: ownConnection(), leaseMs: 600 });
    await until(
      async () => (await row(id)).attempts,
      (n) => n === 1,
    );
    await t.db.execute(sql`
      update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '1 hour'
       where id = ${id}`);
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.received.filter((m) => m.parsed.subject === 'Taken over')).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2, lastError: null });
  });

  test('mail written while no worker runs is delivered when one starts', async () => {
    const id = await enqueueMail(t.db, message('later@example.dev', 'Later'));
    await new Promise((r) => setTimeout(r, 100));
    expect((await row(id)).status).toBe('pending');
    worker();
    await smtp.waitFor((m) => m.parsed.subject === 'Later');
  });

  test('a message enqueued in a transaction that rolls back never exists', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, message('ghost@example.dev', 'Ghost'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ghost@example.dev'));
    expect(rows).toHaveLength(0);
  });
});

describe('hotel deals', () => {
  test('signing up in the footer sends one "Hotel Deals" e-mail listing offers with links', async () => {
    const signUp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/offers',
        headers: { origin: ORIGIN },
        payload: { email: 'Deals@Example.dev' },
      });
    expect((await signUp()).statusCode).toBe(201);
    worker();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('deals@example.dev'));
    expect(mail.parsed.subject).toBe(OFFERS_SUBJECT);
    expect(mail.parsed.subject).toBe('Hotel Deals');
    expect(mail.parsed.text).toContain(`${ORIGIN}/home`);
    const [room] = await t.db
      .execute<{ id: number }>(sql`select id from rooms order by price_cents, id limit 1`)
      .then((r) => r.rows);
    if (room) expect(mail.parsed.text).toContain(`${ORIGIN}/hotel/room/${room.id}`);
    // Signing up again changes nothing and sends nothing more.
    expect((await signUp()).statusCode).toBe(201);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'deals@example.dev'));
    expect(rows).toHaveLength(1);
  });
});

describe('development inbox', () => {
  test('lists the outbox as JSON and as a page with clickable links', async () => {
    await enqueueMail(t.db, {
      to: 'inbox@example.dev',
      subject: 'Inbox <check>',
      text: `Open ${ORIGIN}/reset-password?token=abc&x=1 now`,
      html: `<p><a href="${ORIGIN}/reset-password?token=abc">Reset</a></p>`,
    });
    const list = await t.app.inject('/api/dev/inbox?to=inbox@example.dev');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        to: 'inbox@example.dev',
        subject: 'Inbox <check>',
        status: 'pending',
      }),
    ]);
    const page = await t.app.inject('/api/dev/inbox/view?to=inbox@example.dev');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Inbox &lt;check&gt;');
    expect(page.body).toContain(`<a href="${ORIGIN}/reset-password?token=abc&amp;x=1">`);
    expect(page.body).toContain('<iframe');
  });

  test('lists a message’s files and hands each out as it was attached', async () => {
    const calendar = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    await enqueueMail(t.db, {
      to: 'files@example.dev',
      subject: 'With a file',
      text: 'See the file',
      html: '<p>See the file</p>',
      attachments: [
        { filename: 'stay.ics', contentType: 'text/calendar; method=PUBLISH', content: calendar },
      ],
    });
    const [listed] = (await t.app.inject('/api/dev/inbox?to=files@example.dev')).json();
    expect(listed.attachments).toEqual([
      {
        position: 0,
        filename: 'stay.ics',
        contentType: 'text/calendar; method=PUBLISH',
        size: calendar.byteLength,
        url: `/api/dev/inbox/${listed.id}/attachments/0`,
      },
    ]);
    const file = await t.app.inject(listed.attachments[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; method=PUBLISH');
    expect(file.headers['content-disposition']).toBe('attachment; filename="stay.ics"');
    expect(file.rawPayload.equals(calendar)).toBe(true);
    const page = await t.app.inject('/api/dev/inbox/view?to=files@example.dev');
    expect(page.body).toContain(`<a href="${listed.attachments[0].url}" download>stay.ics</a>`);

    expect((await t.app.inject(`/api/dev/inbox/${listed.id}/attachments/1`)).statusCode).toBe(404);
    const bad = await t.app.inject('/api/dev/inbox/not-an-id/attachments/0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
  });

  test('is not readable from another machine: its reset links would hand over any account', async () => {
    await enqueueMail(t.db, {
      to: 'victim@example.dev',
      subject: 'Reset your password',
      text: `Open ${ORIGIN}/reset-password?token=secret-token`,
      html: `<p><a href="${ORIGIN}/reset-password?token=secret-token">Reset</a></p>`,
    });
    for (const url of [
      '/api/dev/inbox',
      '/api/dev/inbox/view',
      '/api/dev/inbox?to=victim@example.dev',
    ]) {
      for (const remoteAddress of [
        '192.168.1.20',
        '10.0.0.7',
        '2001:db8::1',
        '::ffff:192.168.1.20',
      ]) {
        const res = await t.app.inject({ url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(403);
        expect(res.body).not.toContain('secret-token');
      }
    }
    // This machine, over IPv4, IPv6 and IPv4-mapped IPv6.
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({
        url: '/api/dev/inbox?to=victim@example.dev',
        remoteAddress,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('secret-token');
    }
  });

  test('does not exist in production', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://devstay.example',
      PAYMENTS_TEST_PROCESSOR: 'true',
    });
    try {
      expect((await production.app.inject('/api/dev/inbox')).statusCode).toBe(404);
      expect((await production.app.inject('/api/dev/inbox/view')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
