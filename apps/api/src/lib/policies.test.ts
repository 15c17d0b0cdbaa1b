import type { Role } from '@devstay/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  canManageAccount,
  canManageHotel,
  canManageHotels,
  canSeeAccount,
  canSeeBooking,
  linesHotel,
  type SessionUser,
  shownHotel,
} from './policies.ts';

// The role matrix of the policies, with no server: every account kind against the same
// resources. The API tests (authorization, staff bookings, receipts, calendar, pickers) hold the
// routes to these answers.
const account = (id: string, rol: Role, hotelId: number | null = null): SessionUser => ({
  id,
  email: `${id}@example.com`,
  emailVerified: true,
  name: id,
  rol,
  hotelId,
});

const guest = account('guest', 'user');
const otherGuest = account('other-guest', 'user');
const admin1 = account('admin-1', 'admin', 1);
const admin2 = account('admin-2', 'admin', 2);
const adminWithoutHotel = account('admin-none', 'admin');
const superAdmin = account('super', 'superAdmin');

const accounts = { guest, otherGuest, admin1, admin2, adminWithoutHotel, superAdmin };
type Who = keyof typeof accounts;

/** The guest's booking with lines at hotels 1 and 3. */
const booking = { userId: guest.id, hotelIds: [1, 3] };

const matrix: {
  who: Who;
  lines: number | undefined | null;
  hotel1: boolean;
  hotels13: boolean;
  seesGuest: boolean;
  managesGuest: boolean;
  seesBooking: boolean;
  shown: number | undefined;
}[] = [
  {
    who: 'guest',
    lines: null,
    hotel1: false,
    hotels13: false,
    seesGuest: true,
    managesGuest: true,
    seesBooking: true,
    shown: undefined,
  },
  {
    who: 'otherGuest',
    lines: null,
    hotel1: false,
    hotels13: false,
    seesGuest: false,
    managesGuest: false,
    seesBooking: false,
    shown: undefined,
  },
  {
    who: 'admin1',
    lines: 1,
    hotel1: true,
    hotels13: false,
    seesGuest: false,
    managesGuest: false,
    seesBooking: true,
    shown: 1,
  },
  {
    who: 'admin2',
    lines: 2,
    hotel1: false,
    hotels13: false,
    seesGuest: false,
    managesGuest: false,
    seesBooking: false,
    shown: 2,
  },
  {
    who: 'adminWithoutHotel',
    lines: null,
    hotel1: false,
    hotels13: false,
    seesGuest: false,
    managesGuest: false,
    seesBooking: false,
    shown: undefined,
  },
  {
    who: 'superAdmin',
    lines: undefined,
    hotel1: true,
    hotels13: true,
    seesGuest: true,
    managesGuest: true,
    seesBooking: true,
    shown: undefined,
  },
];

describe('the access policies over the role matrix', () => {
  it.each(matrix)('$who', (row) => {
    const user = accounts[row.who];
    expect({
      lines: linesHotel(user),
      hotel1: canManageHotel(user, 1),
      hotels13: canManageHotels(user, [1, 3]),
      seesGuest: canSeeAccount(user, guest.id),
      managesGuest: canManageAccount(user, guest.id),
      seesBooking: canSeeBooking(user, booking),
      // The part shown is asked after canSeeBooking: for an admin, always their own hotel's.
      shown: shownHotel(user, booking),
    }).toEqual(omitWho(row));
  });

  it('everyone reads and edits their own account', () => {
    for (const user of Object.values(accounts)) {
      expect(canSeeAccount(user, user.id)).toBe(true);
      expect(canManageAccount(user, user.id)).toBe(true);
    }
  });

  it('no hotel at all refuses admins (fail closed), not the superAdmin', () => {
    expect(canManageHotels(admin1, [])).toBe(false);
    expect(canManageHotels(superAdmin, [])).toBe(true);
  });

  it('a booking with no lines is its guest’s and the superAdmin’s alone', () => {
    const empty = { userId: guest.id, hotelIds: [] };
    expect(Object.entries(accounts).filter(([, u]) => canSeeBooking(u, empty))).toEqual([
      ['guest', guest],
      ['superAdmin', superAdmin],
    ]);
  });
});

function omitWho<T extends { who: Who }>(row: T): Omit<T, 'who'> {
  const { who: _who, ...rest } = row;
  return rest;
}
