import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hotels, locations, users } from '../db/schema.ts';

/**
 * At least `count` hotels (the seeded ones, plus plain ones added when the seed has fewer);
 * returns their ids, lowest first.
 */
export async function hotelIds(db: Db, count: number): Promise<number[]> {
  const existing = await db
    .select({ id: hotels.id })
    .from(hotels)
    .orderBy(asc(hotels.id))
    .limit(count);
  if (existing.length >= count) return existing.map((h) => h.id);
  const [location] = await db
    .insert(locations)
    .values({
      state: 'test state',
      department: 'test department',
      city: 'test city',
      cityKey: 'test city',
      placeKey: 'test city test department test state',
    })
    .onConflictDoUpdate({
      target: [locations.state, locations.department, locations.city],
      set: { cityKey: 'test city' },
    })
    .returning({ id: locations.id });
  if (!location) throw new Error('no location');
  for (let i = existing.length; i < count; i++) {
    const name = `test hotel ${String.fromCharCode(97 + i)}`;
    await db.insert(hotels).values({
      name,
      nameKey: name,
      qualification: 4,
      description: 'A hotel for tests.',
      address: `Street ${i + 1}`,
      locationId: location.id,
    });
  }
  return hotelIds(db, count);
}

export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

/** A guest account of its own, written directly (for tests that call the domain, not HTTP). */
export async function insertGuest(db: Db): Promise<string> {
  const id = `guest-${crypto.randomUUID()}`;
  await db.insert(users).values({ id, email: `${id}@devstay.dev`, emailVerified: true });
  return id;
}
