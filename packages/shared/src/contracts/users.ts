import { z } from 'zod';
import { isIsoDate } from '../calendar-date.ts';
import { PASSWORD_MIN, ROLES, USERS_PER_PAGE } from '../constants.ts';
import { AUTH_ERRORS } from './auth.ts';
import { pageQuery, rowId, text } from './common.ts';

/**
 * Users API (product §7.2, §3 user profile). JSON `name` is the person's first name; the display
 * name shown in the navigation bar is `displayName`, the photo `photoURL`.
 */

export const USER_MESSAGES = {
  nameTooLong: 'Name must be 100 characters at most',
  lastnameTooLong: 'Lastname must be 100 characters at most',
  addressTooLong: 'Address must be 200 characters at most',
  cityTooLong: 'City must be 100 characters at most',
  countryTooLong: 'Country must be 100 characters at most',
  dniInvalid: 'DNI must be 30 letters, digits or dashes at most',
  dateOfBirthInvalid: 'Date of birth must be a past date as yyyy-MM-dd',
  displayNameTooLong: 'Display name must be 100 characters at most',
  photoURLInvalid: 'Photo must be a web address',
  roleFixed: 'The role cannot be changed',
  hotelInvalid: 'Hotel name is required',
} as const;

export const hotelRef = z.object({ id: z.number().int(), name: z.string() });
export type HotelRef = z.infer<typeof hotelRef>;

/** GET /users/{id}, GET /me, and the reply of POST/PUT /users. */
export const userProfile = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  rol: z.enum(ROLES),
  name: z.string(),
  lastname: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  dateOfBirth: z.string().nullable(),
  dni: z.string(),
  /** The hotel an admin runs (null for users, superAdmins and admins without one). */
  hotel: hotelRef.nullable(),
  /** Ids of the favourite rooms. */
  favorites: z.array(z.number().int()),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** A row of the user table (GET /users) and the admin table (GET /users/admins). */
const userSummary = userProfile.pick({
  id: true,
  email: true,
  displayName: true,
  name: true,
  lastname: true,
  rol: true,
  hotel: true,
});
export type UserSummary = z.infer<typeof userSummary>;
export const userList = z.array(userSummary);

/**
 * GET /users: one page of the user table, sorted by e-mail (total in X-Total-Count); `q` keeps
 * the accounts whose e-mail or name holds it, ignoring case.
 */
export const userListQuery = pageQuery.extend({
  q: text(100).optional(),
  pageSize: pageQuery.shape.pageSize.unwrap().default(USERS_PER_PAGE),
});

export const userIdParams = z.object({ id: text(64).min(1) });

const dateOfBirth = z
  .string()
  .trim()
  .refine((v) => isIsoDate(v) && v < new Date().toISOString().slice(0, 10), {
    message: USER_MESSAGES.dateOfBirthInvalid,
  });

/**
 * A photo is an http(s) address or a path on this site. `//host/x` and `/\\host/x` are other
 * sites to a browser; `javascript:` and `data:` are not pictures.
 */
function isPhotoAddress(value: string): boolean {
  if (value.startsWith('/')) return !/^\/[\\/]/.test(value) && !/[\s]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The profile fields a person edits (Edit profile, Edit admin). Empty text clears a field. */
export const profileFields = z.object({
  name: text(100, USER_MESSAGES.nameTooLong),
  lastname: text(100, USER_MESSAGES.lastnameTooLong),
  address: text(200, USER_MESSAGES.addressTooLong),
  city: text(100, USER_MESSAGES.cityTooLong),
  country: text(100, USER_MESSAGES.countryTooLong),
  dateOfBirth: dateOfBirth.nullable(),
  dni: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{N}-]{0,30}$/u, USER_MESSAGES.dniInvalid),
  displayName: text(100, USER_MESSAGES.displayNameTooLong),
  photoURL: text(2048, USER_MESSAGES.photoURLInvalid)
    .refine((v) => v === '' || isPhotoAddress(v), USER_MESSAGES.photoURLInvalid)
    .nullable(),
});

const idHotel = rowId(USER_MESSAGES.hotelInvalid).nullable();

/**
 * PUT /users/{id}: any subset of the profile fields. `idHotel` moves an admin to another hotel
 * (superAdmin only). The role is never changed through the API.
 */
export const userUpdateBody = profileFields.partial().extend({
  idHotel: idHotel.optional(),
  rol: z.never({ message: USER_MESSAGES.roleFixed }).optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/**
 * POST /users: the superAdmin registers an account, an admin by default (with their hotel).
 * Answers 201 with the profile; the superAdmin stays signed in.
 */
export const userCreateBody = profileFields.partial().extend({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, AUTH_ERRORS.EMAIL_INVALID)
    .pipe(z.email({ message: AUTH_ERRORS.EMAIL_INVALID })),
  password: z.string().min(PASSWORD_MIN, AUTH_ERRORS.WEAK_PASSWORD).max(128),
  rol: z.enum(['admin', 'user']).default('admin'),
  idHotel: idHotel.optional(),
});
export type UserCreateBody = z.infer<typeof userCreateBody>;
