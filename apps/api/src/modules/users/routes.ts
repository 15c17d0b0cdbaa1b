import { AUTH_ERRORS } from '@devstay/shared/contracts/auth';
import { errorBody } from '@devstay/shared/contracts/common';
import {
  type UserCreateBody,
  type UserUpdateBody,
  userCreateBody,
  userIdParams,
  userList,
  userListQuery,
  userProfile,
  userUpdateBody,
} from '@devstay/shared/contracts/users';
import { USERS_MESSAGES } from '@devstay/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../lib/errors.ts';
import { setTotalCount } from '../../lib/http.ts';
import { canManageAccount, canSeeAccount, linesHotel } from '../../lib/policies.ts';
import { access, signedInUser } from '../../plugins/authorization.ts';
import { createPasswordAccount, EmailInUseError } from '../auth/accounts.ts';
import {
  deleteUser,
  findProfile,
  findRole,
  hotelExists,
  listAdmins,
  listUsers,
  type ProfilePatch,
  updateProfile,
} from './repository.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** The account a /users/:id call names. */
const accountParams = { params: userIdParams };
const namedAccount = (request: { params: { id: string } }) => request.params.id;

/** Empty text clears a field. */
const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

/** The JSON profile fields → the columns of `users` (`name` is first_name; `displayName` is name). */
function toPatch(
  body: UserUpdateBody | Omit<UserCreateBody, 'email' | 'password' | 'rol'>,
): ProfilePatch {
  const patch: ProfilePatch = {
    firstName: blankToNull(body.name),
    lastname: blankToNull(body.lastname),
    address: blankToNull(body.address),
    city: blankToNull(body.city),
    country: blankToNull(body.country),
    dni: blankToNull(body.dni),
    dateOfBirth: body.dateOfBirth === '' ? null : body.dateOfBirth,
    name: body.displayName,
    image: body.photoURL === '' ? null : body.photoURL,
    hotelId: body.idHotel,
  };
  return Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== undefined),
  ) as ProfilePatch;
}

/** Users API of product §7.2; who may call what is declared per route (product §6, docs/auth.md). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  async function profileOr404(id: string) {
    const profile = await findProfile(app.db, id);
    if (!profile) throw notFound('User');
    return profile;
  }

  async function checkHotel(idHotel: number | null | undefined) {
    if (idHotel && !(await hotelExists(app.db, idHotel))) {
      throw new HttpError(400, USERS_MESSAGES.hotelMissing, 'idHotel');
    }
  }

  app.get(
    '/me',
    {
      // Every page asks who is signed in: a visitor is an answer (null), not an error.
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in account (profile, rol, hotel, favourites), or null for a visitor',
        response: { 200: userProfile.nullable() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const user = await app.currentUser(request, reply);
      // A session that outlived its account (deleted meanwhile) is a visitor too.
      return user ? await findProfile(app.db, user.id) : null;
    },
  );

  app.get(
    '/users',
    {
      // Product §6: the user table is staff's; privacy: an admin sees their hotel's guests only.
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          'The user table: accounts sorted by e-mail, every one for the superAdmin, an admin’s hotel’s guests',
        description:
          'One page as a JSON array (total in X-Total-Count). An admin sees only the accounts ' +
          'with a confirmed or cancelled booking of a room at their hotel (none without a ' +
          'hotel); the superAdmin every account. q: e-mail or name holding it, ignoring case.',
        querystring: userListQuery,
        response: { 200: userList, ...errors },
      },
    },
    async (request, reply) => {
      // The rule of every staff view of bookings: the admin's hotel, every hotel, or none.
      const hotel = linesHotel(signedInUser(request));
      const page =
        hotel === null
          ? { items: [], total: 0 }
          : await listUsers(app.db, { ...request.query, bookedAt: hotel });
      setTotalCount(reply, page.total);
      reply.header('cache-control', 'private, no-store');
      return page.items;
    },
  );

  app.get(
    '/users/admins',
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['users'],
        summary: 'The admin table: admins with their hotel, sorted by hotel name',
        response: { 200: userList, ...errors },
      },
    },
    async () => listAdmins(app.db),
  );

  app.get(
    '/users/:id',
    {
      // An admin's user table needs name, e-mail and role (GET /users), never a national id,
      // address or date of birth: the full profile is for its owner and the superAdmin.
      config: { access: access.account(accountParams, namedAccount, canSeeAccount) },
      schema: {
        tags: ['users'],
        summary: 'One account in full: the person themselves or the superAdmin',
        params: userIdParams,
        response: { 200: userProfile, ...errors },
      },
    },
    async (request) => profileOr404(request.params.id),
  );

  app.post(
    '/users',
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['users'],
        summary: 'Register an account (an admin by default, with their hotel)',
        description:
          'The password is hashed exactly as at sign-up; the new account is sent a verification ' +
          'e-mail. The superAdmin stays signed in. 409 when the e-mail is in use.',
        body: userCreateBody,
        response: { 201: userProfile, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { email, password, rol, ...profile } = request.body;
      if (rol !== 'admin' && profile.idHotel) {
        throw new HttpError(400, USERS_MESSAGES.hotelOnlyForAdmins, 'idHotel');
      }
      await checkHotel(profile.idHotel);
      const patch = toPatch(profile);
      let id: string;
      try {
        id = await createPasswordAccount(app.db, {
          email,
          password,
          rol,
          hotelId: patch.hotelId ?? null,
          emailVerified: false,
          name: patch.name,
          image: patch.image,
          firstName: patch.firstName,
          lastname: patch.lastname,
          address: patch.address,
          city: patch.city,
          country: patch.country,
          dateOfBirth: patch.dateOfBirth,
          dni: patch.dni,
        });
      } catch (error) {
        if (error instanceof EmailInUseError) {
          throw new HttpError(
            409,
            AUTH_ERRORS.EMAIL_ALREADY_IN_USE,
            'email',
            'EMAIL_ALREADY_IN_USE',
          );
        }
        throw error;
      }
      // The new account confirms its address like a self-registered one.
      await app.auth.api
        .sendVerificationEmail({ body: { email, callbackURL: '/' } })
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'verification e-mail not sent'),
        );
      return reply.status(201).send(await profileOr404(id));
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: access.account(accountParams, namedAccount, canManageAccount) },
      schema: {
        tags: ['users'],
        summary: 'Edit a profile: one’s own, or any as the superAdmin',
        description:
          'Any subset of the profile fields. `idHotel` (superAdmin only) moves an admin to ' +
          'another hotel. The role is never changed (`rol` is refused).',
        params: userIdParams,
        body: userUpdateBody,
        response: { 200: userProfile, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const target = await findRole(app.db, id);
      if (!target) throw notFound('User');
      if (body.idHotel !== undefined) {
        if (signedInUser(request).rol !== 'superAdmin') {
          throw new HttpError(403, USERS_MESSAGES.hotelBySuperAdmin, 'idHotel');
        }
        if (body.idHotel !== null && target !== 'admin') {
          throw new HttpError(400, USERS_MESSAGES.hotelOnlyForAdmins, 'idHotel');
        }
        await checkHotel(body.idHotel);
      }
      await updateProfile(app.db, id, toPatch(body));
      // The account's sessions, kept by every process, are dropped before the answer.
      await app.changeNotices.settle();
      return profileOr404(id);
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'superAdmin' },
      schema: {
        tags: ['users'],
        summary: 'Delete a user or an admin (not oneself, not a superAdmin)',
        params: userIdParams,
        response: { 204: z.null(), ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (id === signedInUser(request).id) throw new HttpError(403, USERS_MESSAGES.deleteSelf);
      const target = await findRole(app.db, id);
      if (!target) throw notFound('User');
      if (target === 'superAdmin') throw new HttpError(403, USERS_MESSAGES.deleteSuperAdmin);
      try {
        await deleteUser(app.db, id);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new HttpError(409, USERS_MESSAGES.hasBookings);
        throw error;
      }
      // Its sessions, kept by every process, are dropped before the answer.
      await app.changeNotices.settle();
      return reply.status(204).send(null);
    },
  );
};

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
