import type { Role } from '@devstay/shared/constants';
import { generateRandomString, hashPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema.ts';

/** Profile columns of `users` an account may be created with. */
interface ProfileColumns {
  name?: string;
  firstName?: string | null;
  lastname?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  dateOfBirth?: string | null;
  dni?: string | null;
  image?: string | null;
}

export interface NewAccount extends ProfileColumns {
  email: string;
  password: string;
  rol: Role;
  hotelId?: number | null;
  emailVerified?: boolean;
}

export class EmailInUseError extends Error {
  constructor(email: string) {
    super(`${email} is already in use`);
  }
}

/**
 * Creates an e-mail + password account outside the register form (superAdmin's POST /users,
 * the configured superAdmin, demo accounts, the CLI): the same rows Better Auth's sign-up
 * writes — a `users` row and a `credential` account whose id is the user's id — with the
 * password hashed by the very function Better Auth uses (its default scrypt; we configure no
 * other), in one transaction. Better Auth then signs the account in like any other.
 */
export async function createPasswordAccount(db: Db, input: NewAccount): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const hash = await hashPassword(input.password);
  const id = generateRandomString(32, 'a-z', 'A-Z', '0-9');
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        id,
        email,
        emailVerified: input.emailVerified ?? false,
        name: input.name ?? '',
        image: input.image ?? null,
        rol: input.rol,
        hotelId: input.rol === 'admin' ? (input.hotelId ?? null) : null,
        firstName: input.firstName ?? null,
        lastname: input.lastname ?? null,
        address: input.address ?? null,
        city: input.city ?? null,
        country: input.country ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        dni: input.dni ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted.length === 0) throw new EmailInUseError(email);
    await tx.insert(accounts).values({
      id: generateRandomString(32, 'a-z', 'A-Z', '0-9'),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: hash,
    });
    return id;
  });
}

/** Sets (or adds) the e-mail + password credential of an existing account; signs it out everywhere. */
async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({
        id: generateRandomString(32, 'a-z', 'A-Z', '0-9'),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: hash,
      });
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

export type SuperAdminOutcome = 'created' | 'promoted' | 'unchanged';

/**
 * Makes sure `email` is a superAdmin: creates the account (verified) when missing; an existing
 * account is promoted. `resetPassword` also sets the password of an existing account (CLI).
 */
export async function ensureSuperAdmin(
  db: Db,
  {
    email,
    password,
    resetPassword = false,
  }: { email: string; password: string; resetPassword?: boolean },
): Promise<SuperAdminOutcome> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, rol: users.rol })
    .from(users)
    .where(eq(users.email, normalized));
  if (!existing) {
    await createPasswordAccount(db, {
      email: normalized,
      password,
      rol: 'superAdmin',
      emailVerified: true,
    });
    return 'created';
  }
  if (resetPassword) await setPassword(db, existing.id, password);
  if (existing.rol === 'superAdmin') return 'unchanged';
  await db
    .update(users)
    .set({ rol: 'superAdmin', hotelId: null, updatedAt: new Date() })
    .where(eq(users.id, existing.id));
  return 'promoted';
}
