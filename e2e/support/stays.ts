import pg from 'pg';

/**
 * Stays put straight into the e2e server's database (E2E_DATABASE_URL, set by scripts/e2e.ts).
 * A stay that has ended cannot be booked through the site — a check-in may not be before the
 * hotel's today — so a test that needs one (a review of a past stay) writes the confirmed
 * booking as checkout and payment leave it, and deletes it afterwards.
 */

function databaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the tests with `npm run test:e2e`');
  return url;
}

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface StayLine {
  userId: string;
  roomId: number;
  checkIn: string;
  checkOut: string;
}

/**
 * A confirmed booking of one unit of the room for these dates (no ledger nights: a past stay
 * takes no unit anyone could still book); answers its id.
 */
export function insertConfirmedStay(stay: StayLine): Promise<string> {
  return withClient(async (client) => {
    await client.query('begin');
    const booking = await client.query<{ id: string }>(
      `insert into bookings (user_id, status, idempotency_key, total_quantity, total_cents, confirmed_at)
       values ($1, 'confirmed', gen_random_uuid()::text, 1, 10000, now()) returning id`,
      [stay.userId],
    );
    const id = booking.rows[0]?.id;
    if (!id) throw new Error('booking not inserted');
    await client.query(
      `insert into booking_lines (booking_id, room_id, hotel_id, check_in, check_out, quantity,
         nightly_cents, night_cents, total_cents)
       select $1, r.id, r.hotel_id, $3, $4, 1, 10000,
         array_fill(10000::bigint, array[$4::date - $3::date]), 10000
       from rooms r where r.id = $2`,
      [id, stay.roomId, stay.checkIn, stay.checkOut],
    );
    await client.query('commit');
    return id;
  });
}

/** Deletes bookings written by insertConfirmedStay (their lines go with them). */
export function deleteStays(bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return Promise.resolve();
  return withClient(async (client) => {
    await client.query('delete from bookings where id = any($1::uuid[])', [bookingIds]);
  });
}
