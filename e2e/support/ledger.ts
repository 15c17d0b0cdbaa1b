import pg from 'pg';

/**
 * Units taken straight in the e2e server's inventory ledger (E2E_DATABASE_URL): a hotel made
 * full for some nights without a guest booking every unit through the site. The search, the
 * events and the checkout read the same ledger.
 */

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run the tests with `npm run test:e2e`');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Takes every unit of every room of the hotel on the nights [from, to); answers what to call to
 * give them back (the nights' previous counts).
 */
export const fillHotel = (hotelId: number, from: string, to: string) =>
  fillRooms('r.hotel_id', hotelId, from, to);

/** Takes every unit of one room on the nights [from, to), the same way. */
export const fillRoom = (roomId: number, from: string, to: string) =>
  fillRooms('r.id', roomId, from, to);

function fillRooms(
  column: 'r.hotel_id' | 'r.id',
  id: number,
  from: string,
  to: string,
): Promise<() => Promise<void>> {
  return withClient(async (client) => {
    const before = await client.query<{ room_id: number; night: string; taken: number }>(
      `select rn.room_id, rn.night::text as night, rn.taken from room_nights rn
       join rooms r on r.id = rn.room_id
       where ${column} = $1 and rn.night >= $2::date and rn.night < $3::date`,
      [id, from, to],
    );
    await client.query(
      `insert into room_nights (room_id, night, taken)
       select r.id, n::date, r.stock from rooms r
       cross join generate_series($2::date, $3::date - 1, interval '1 day') as n
       where ${column} = $1
       on conflict (room_id, night) do update set taken = excluded.taken`,
      [id, from, to],
    );
    return () =>
      withClient(async (again) => {
        await again.query(
          `delete from room_nights rn using rooms r
           where r.id = rn.room_id and ${column} = $1 and rn.night >= $2::date and rn.night < $3::date`,
          [id, from, to],
        );
        for (const row of before.rows) {
          await again.query('insert into room_nights (room_id, night, taken) values ($1, $2, $3)', [
            row.room_id,
            row.night,
            row.taken,
          ]);
        }
      });
  });
}

/**
 * Sets the guests every room of the hotel sleeps, straight in the e2e server's database; answers
 * what to call to give the rooms their capacities back.
 */
export function setHotelCapacity(hotelId: number, capacity: number): Promise<() => Promise<void>> {
  return withClient(async (client) => {
    const before = await client.query<{ id: number; capacity: number }>(
      'select id, capacity from rooms where hotel_id = $1',
      [hotelId],
    );
    await client.query('update rooms set capacity = $2 where hotel_id = $1', [hotelId, capacity]);
    return () =>
      withClient(async (again) => {
        for (const row of before.rows) {
          await again.query('update rooms set capacity = $2 where id = $1', [row.id, row.capacity]);
        }
      });
  });
}
