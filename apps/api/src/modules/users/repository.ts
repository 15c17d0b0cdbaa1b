import { type Role, SHOWN_BOOKING_STATUSES } from '@devstay/shared/constants';
import type { UserProfile, UserSummary } from '@devstay/shared/contracts/users';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingLines, bookings, favorites, hotels, users } from '../../db/schema.ts';

const columns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  displayName: users.name,
  photoURL: users.image,
  rol: users.rol,
  firstName: users.firstName,
  lastname: users.lastname,
  address: users.address,
  city: users.city,
  country: users.country,
  dateOfBirth: users.dateOfBirth,
  dni: users.dni,
  hotelId: users.hotelId,
  hotelName: hotels.name,
  createdAt: users.createdAt,
};

type Row = {
  id: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  photoURL: string | null;
  rol: string;
  firstName: string | null;
  lastname: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  dateOfBirth: string | null;
  dni: string | null;
  hotelId: number | null;
  hotelName: string | null;
  createdAt: Date;
};

function hotelOf(row: Row) {
  return row.hotelId !== null && row.hotelName !== null
    ? { id: row.hotelId, name: row.hotelName }
    : null;
}

/** JSON `name` is the first name (column first_name); the column `name` is the display name. */
function toSummary(row: Row): UserSummary {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    name: row.firstName ?? '',
    lastname: row.lastname ?? '',
    rol: row.rol as Role,
    hotel: hotelOf(row),
  };
}

function toProfile(row: Row, favoriteIds: number[]): UserProfile {
  return {
    ...toSummary(row),
    emailVerified: row.emailVerified,
    photoURL: row.photoURL,
    address: row.address ?? '',
    city: row.city ?? '',
    country: row.country ?? '',
    dateOfBirth: row.dateOfBirth,
    dni: row.dni ?? '',
    favorites: favoriteIds,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findProfile(db: Db, id: string): Promise<UserProfile | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(hotels, eq(hotels.id, users.hotelId))
    .where(eq(users.id, id));
  if (!row) return null;
  const favs = await db
    .select({ roomId: favorites.roomId })
    .from(favorites)
    .where(eq(favorites.userId, id))
    .orderBy(asc(favorites.createdAt), asc(favorites.roomId));
  return toProfile(
    row,
    favs.map((f) => f.roomId),
  );
}

/** `%`, `_` and `\\` as themselves in a LIKE pattern. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The user table (product §2.12): one page of accounts sorted by e-mail, and how many there are.
 * `bookedAt`: only the accounts with a confirmed or cancelled booking holding a room at that
 * hotel (an admin's guests); undefined for every account. `q`: e-mail, display name or first and
 * last name holding it, ignoring case.
 */
export async function listUsers(
  db: Db,
  query: { q?: string; page: number; pageSize: number; bookedAt?: number },
): Promise<{ items: UserSummary[]; total: number }> {
  const where: SQL[] = [];
  if (query.bookedAt !== undefined) {
    const guests = db
      .select({ userId: bookings.userId })
      .from(bookingLines)
      .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
      .where(
        and(
          eq(bookingLines.hotelId, query.bookedAt),
          inArray(bookings.status, [...SHOWN_BOOKING_STATUSES]),
        ),
      );
    where.push(inArray(users.id, guests));
  }
  if (query.q) {
    const pattern = likeText(query.q);
    where.push(
      or(
        sql`${users.email} ilike ${pattern}`,
        sql`${users.name} ilike ${pattern}`,
        sql`concat_ws(' ', ${users.firstName}, ${users.lastname}) ilike ${pattern}`,
      ) as SQL,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(hotels, eq(hotels.id, users.hotelId))
      .where(condition)
      .orderBy(asc(users.email), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(condition),
  ]);
  return { items: rows.map(toSummary), total: counted?.total ?? 0 };
}

/** The admin table: admins sorted by their hotel's name (admins without one last), then e-mail. */
export async function listAdmins(db: Db): Promise<UserSummary[]> {
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(hotels, eq(hotels.id, users.hotelId))
    .where(eq(users.rol, 'admin'))
    .orderBy(sql`${hotels.nameKey} asc nulls last`, asc(users.email));
  return rows.map(toSummary);
}

export async function findRole(db: Db, id: string): Promise<Role | null> {
  const [row] = await db.select({ rol: users.rol }).from(users).where(eq(users.id, id));
  return (row?.rol as Role | undefined) ?? null;
}

export async function hotelExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id));
  return Boolean(row);
}

/** Column values of `users` a profile update may set. */
export type ProfilePatch = Partial<{
  name: string;
  image: string | null;
  firstName: string | null;
  lastname: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  dateOfBirth: string | null;
  dni: string | null;
  hotelId: number | null;
}>;

export async function updateProfile(db: Db, id: string, patch: ProfilePatch): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return updated.length > 0;
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}
