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

/** The guest's booking, with lines at hotels 1 and 3. */
const booking = { userId: guest.id, hotelIds: [1, 3] };

/** What each policy answers, by column. */
const COLUMNS = [
  'linesHotel',
  'canManageHotel 1',
  'canManageHotels 1, 3',
  'canSeeAccount guest',
  'canManageAccount guest',
  'canSeeBooking',
  'shownHotel',
] as const;

/** Each account's row: its answers in the order of COLUMNS. */
const matrix: [
  Who,
  number | undefined | null,
  boolean,
  boolean,
  boolean,
  boolean,
  boolean,
  number | undefined,
][] = [
  ['guest', null, false, false, true, true, true, undefined],
  ['otherGuest', null, false, false, false, false, false, undefined],
  ['admin1', 1, true, false, false, false, true, 1],
  ['admin2', 2, false, false, false, false, false, 2],
  ['adminWithoutHotel', null, false, false, false, false, false, undefined],
  ['superAdmin', undefined, true, true, true, true, true, undefined],
];

describe('the access policies over the role matrix', () => {
  it.each(matrix)('%s', (who, ...expected) => {
    const user = accounts[who];
    const answers = [
      linesHotel(user),
      canManageHotel(user, 1),
      canManageHotels(user, [1, 3]),
      canSeeAccount(user, guest.id),
      canManageAccount(user, guest.id),
      canSeeBooking(user, booking),
      // Asked after canSeeBooking: for an admin, always their own hotel's lines.
      shownHotel(user, booking),
    ];
    expect(Object.fromEntries(COLUMNS.map((c, i) => [c, answers[i]]))).toEqual(
      Object.fromEntries(COLUMNS.map((c, i) => [c, expected[i]])),
    );
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
