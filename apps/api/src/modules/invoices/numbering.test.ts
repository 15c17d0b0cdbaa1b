import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Booking } from '@devstay/shared/contracts/booking';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sqlState } from '../../db/statements.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';
import {
  inDays,
  payByCard,
  placeHold,
  roomWithStock,
  TEST_CARD,
} from '../../test/booking-fixtures.ts';

/**
 * Each hotel's invoice numbers run 1, 2, 3… with no gap and no repeat: under concurrent
 * bookings (some spanning two hotels, some declined) and when the process that took a number
 * dies with SIGKILL before its transaction commits.
 */

let t: TestApp;
let child: ChildProcess | null = null;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await t.close();
});

const DECLINED_CARD = { ...TEST_CARD, number: '4000 0000 0000 0002' };

async function numbersOf(hotelId: number) {
  const result = await t.db.execute<{ number: number; booking_id: string }>(sql`
    select number, booking_id from invoices
    where hotel_id = ${hotelId} and kind = 'invoice' order by number`);
  return result.rows;
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

test('20 concurrent bookings: each hotel numbers its confirmed ones 1…n, no gap, no repeat', async () => {
  const a = await roomWithStock(t.db, 50, 10_000);
  const b = await roomWithStock(t.db, 50, 7_000);
  const guests = await Promise.all(
    oneToN(20).map((i) => signUp(t.app, `numbering.${i}.${randomUUID()}@devstay.dev`)),
  );
  const outcomes = await Promise.all(
    guests.map(async (guest, i) => {
      // Every third spans both hotels; every fifth is declined (its hold lapses unnumbered).
      const cart = [{ id: a.room.id, checkIn: inDays(5), checkOut: inDays(7), cartQuantity: 1 }];
      if (i % 3 === 0) {
        cart.push({ id: b.room.id, checkIn: inDays(5), checkOut: inDays(6), cartQuantity: 1 });
      }
      const held = await placeHold(t.app, guest.cookie, cart);
      const paid = await payByCard(
        t.app,
        guest.cookie,
        held.id,
        i % 5 === 4 ? DECLINED_CARD : TEST_CARD,
      );
      return { booking: held, status: paid.statusCode };
    }),
  );
  const confirmed = outcomes.filter((o) => o.status === 200).map((o) => o.booking);
  expect(outcomes.filter((o) => o.status === 402)).toHaveLength(4);
  expect(confirmed).toHaveLength(16);

  const atA = await numbersOf(a.hotel.id);
  expect(atA.map((r) => r.number)).toEqual(oneToN(16));
  expect(new Set(atA.map((r) => r.booking_id))).toEqual(new Set(confirmed.map((c) => c.id)));
  const spanning = confirmed.filter((c: Booking) => c.cartRoom.length === 2);
  const atB = await numbersOf(b.hotel.id);
  expect(atB.map((r) => r.number)).toEqual(oneToN(spanning.length));
  expect(new Set(atB.map((r) => r.booking_id))).toEqual(new Set(spanning.map((c) => c.id)));
  const counters = await t.db.execute(sql`
    select hotel_id, last_number from invoice_counters
    where hotel_id in (${a.hotel.id}, ${b.hotel.id}) and kind = 'invoice' order by hotel_id`);
  expect(counters.rows).toEqual([
    { hotel_id: a.hotel.id, last_number: 16 },
    { hotel_id: b.hotel.id, last_number: spanning.length },
  ]);
  // 20 sign-ups, checkouts and payments: minutes on a loaded machine.
}, 240_000);

/** The module at `relative` (from this file) as a URL a child process imports. */
const moduleUrl = (relative: string) =>
  pathToFileURL(fileURLToPath(new URL(relative, import.meta.url))).href;

/**
 * A process of its own that confirms `bookingId` the way a settled payment does (confirmBooking
 * in a transaction: the trigger takes the hotel's next number), prints the number it took, and
 * then holds the transaction open, uncommitted, for ever.
 */
function confirmAndHang(bookingId: string): ChildProcess {
  const script = `
    const { sql } = await import('drizzle-orm');
    const { createDb } = await import(${JSON.stringify(moduleUrl('../../db/client.ts'))});
    const { confirmBooking } = await import(
      ${JSON.stringify(moduleUrl('../payments/repository.ts'))});
    const db = createDb(process.env.DATABASE_URL, 1);
    await db.transaction(async (tx) => {
      const bookingId = ${JSON.stringify(bookingId)};
      const receipt = { to: 'guest@devstay.dev', subject: 'Receipt', text: 'paid', html: 'paid' };
      if (!(await confirmBooking(tx, { bookingId, confirmedAt: new Date(), receipt }))) {
        throw new Error('not confirmed');
      }
      const taken = await tx.execute(
        sql\`select number from invoices where booking_id = \${bookingId}\`);
      console.log(JSON.stringify({ number: taken.rows[0].number }));
      await new Promise(() => {});
    });`;
  return spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: { ...process.env, DATABASE_URL: t.databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

test('a process killed with SIGKILL between its number and its commit: the number is neither lost nor repeated', async () => {
  const { hotel, room } = await roomWithStock(t.db, 10, 9_000);
  const guest = await signUp(t.app, `killed.${randomUUID()}@devstay.dev`);
  const book = async (days: number) => {
    const held = await placeHold(t.app, guest.cookie, [
      { id: room.id, checkIn: inDays(days), checkOut: inDays(days + 1), cartQuantity: 1 },
    ]);
    return held.id;
  };
  const pay = async (id: string) =>
    expect((await payByCard(t.app, guest.cookie, id, TEST_CARD)).statusCode).toBe(200);
  const first = await book(3);
  await pay(first);
  const doomed = await book(4);

  child = confirmAndHang(doomed);
  const [line] = (await once(createInterface({ input: child.stdout as never }), 'line')) as [
    string,
  ];
  expect(JSON.parse(line)).toEqual({ number: 2 });
  // The child's transaction is open and holds the hotel's counter: nobody else can number.
  await expect(
    t.db.execute(sql`select last_number from invoice_counters
      where hotel_id = ${hotel.id} and kind = 'invoice' for update nowait`),
  ).rejects.toSatisfy((error: unknown) => sqlState(error) === '55P03');

  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  expect((await exited)[1]).toBe('SIGKILL');
  child = null;

  // The next booking takes the number the dead transaction held; the doomed one kept nothing.
  const next = await book(5);
  await pay(next);
  expect((await numbersOf(hotel.id)).map((r) => [r.number, r.booking_id])).toEqual([
    [1, first],
    [2, next],
  ]);
  const doomedNow = await t.db.execute(sql`select status from bookings where id = ${doomed}`);
  expect(doomedNow.rows).toEqual([{ status: 'pending' }]);
  // Paid after all, it is numbered after the others.
  await pay(doomed);
  expect((await numbersOf(hotel.id)).map((r) => [r.number, r.booking_id])).toEqual([
    [1, first],
    [2, next],
    [3, doomed],
  ]);
}, 120_000);
