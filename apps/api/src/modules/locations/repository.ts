import type { City } from '@devstay/shared/contracts/catalogue';
import { compareText } from '@devstay/shared/text';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';

const sortNames = (names: string[]) => names.sort(compareText);

/** The columns of a City. */
export const cityColumns = {
  id: locations.id,
  city: locations.city,
  department: locations.department,
  state: locations.state,
};

/** Cities ordered by name, then department and state, ignoring case and accents. */
export function sortCities(rows: City[]): City[] {
  return rows.sort(
    (a, b) =>
      compareText(a.city, b.city) ||
      compareText(a.department, b.department) ||
      compareText(a.state, b.state) ||
      a.id - b.id,
  );
}

/** Every state, sorted ignoring case and accents. */
export async function listStates(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ state: locations.state }).from(locations);
  return sortNames(rows.map((r) => r.state));
}

/** The departments of a state (none for an unknown state). */
export async function departmentsOf(db: Db, state: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ department: locations.department })
    .from(locations)
    .where(eq(locations.state, state));
  return sortNames(rows.map((r) => r.department));
}

/** The cities of a department, optionally within one state (none for an unknown department). */
export async function citiesOf(db: Db, department: string, state?: string): Promise<City[]> {
  const rows = await db
    .select(cityColumns)
    .from(locations)
    .where(
      and(
        eq(locations.department, department),
        state === undefined ? undefined : eq(locations.state, state),
      ),
    );
  // One department: the order is by city, then state.
  return sortCities(rows);
}
