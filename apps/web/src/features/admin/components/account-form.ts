import { profileFields, USER_MESSAGES, userCreateBody } from '@devstay/shared/contracts/users';
import { capitalize } from '@devstay/shared/text';
import { z } from 'zod';

const ACCOUNT_MESSAGES = {
  nameRequired: 'Name is required',
  lastnameRequired: 'Lastname is required',
} as const;

/** The profile part of the admin forms (register and edit), with the shared rules. */
const profile = {
  name: profileFields.shape.name.pipe(z.string().min(1, ACCOUNT_MESSAGES.nameRequired)),
  lastname: profileFields.shape.lastname.pipe(z.string().min(1, ACCOUNT_MESSAGES.lastnameRequired)),
  dateOfBirth: profileFields.shape.dateOfBirth,
  dni: profileFields.shape.dni,
  address: profileFields.shape.address,
  city: profileFields.shape.city,
  country: profileFields.shape.country,
};

/** The hotel picker's value: a hotel id as text. */
const hotelRequired = z
  .string({ message: USER_MESSAGES.hotelInvalid })
  .nullable()
  .refine((v) => v !== null && /^\d+$/.test(v), USER_MESSAGES.hotelInvalid);

/** /profileSuperAdmin/registerAdmin: e-mail, password, the profile and the hotel (required). */
export const registerAdminForm = z.object({
  email: userCreateBody.shape.email,
  password: userCreateBody.shape.password,
  ...profile,
  idHotel: hotelRequired,
});

/** /profileSuperAdmin/editAdmin/:id: the profile, and the hotel (may be cleared). */
export const editAccountForm = z.object({
  ...profile,
  idHotel: z.string().nullable(),
});

export type RegisterAdminInput = z.input<typeof registerAdminForm>;
export type RegisterAdminValues = z.output<typeof registerAdminForm>;
export type EditAccountInput = z.input<typeof editAccountForm>;
export type EditAccountValues = z.output<typeof editAccountForm>;

export const EMPTY_PROFILE = {
  name: '',
  lastname: '',
  dateOfBirth: null,
  dni: '',
  address: '',
  city: '',
  country: '',
} satisfies Partial<EditAccountInput>;

/** The display name a new admin starts with: 'Name Lastname'. */
export function displayNameOf(name: string, lastname: string): string {
  return capitalize(`${name} ${lastname}`.trim());
}

export function hotelId(value: string | null): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}
