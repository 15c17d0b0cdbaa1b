import { describe, expect, test } from 'vitest';
import { EMAIL_VERIFIED_PATH, loginReturningTo, pathPatterns, paths, profileOf } from './paths.ts';

describe('screen addresses', () => {
  test('parameterised screens fill their pattern', () => {
    expect(paths.hotel(7)).toBe(pathPatterns.hotel.replace(':id', '7'));
    expect(paths.room(12)).toBe(pathPatterns.room.replace(':id', '12'));
    expect(paths.review(7)).toBe(pathPatterns.review.replace(':id', '7'));
    expect(paths.receipt(31)).toBe(pathPatterns.receipt.replace(':id', '31'));
    expect(paths.editAdmin('ab1')).toBe(pathPatterns.editAdmin.replace(':id', 'ab1'));
  });

  test('a stay rides along as the query the hotel and room screens read', () => {
    const stay = { checkIn: '2026-03-01', checkOut: '2026-03-02' };
    expect(paths.hotel(7, stay)).toBe('/hotel/7?checkIn=2026-03-01&checkOut=2026-03-02');
    expect(paths.room(12, stay)).toBe('/hotel/room/12?checkIn=2026-03-01&checkOut=2026-03-02');
    expect(paths.hotelsWithRooms('San Martín & co', stay)).toBe(
      '/home?city=San+Mart%C3%ADn+%26+co&checkIn=2026-03-01&checkOut=2026-03-02',
    );
  });

  test('ids are escaped, so one cannot reach another screen', () => {
    expect(paths.editAdmin('a/../b')).toBe('/profileSuperAdmin/editAdmin/a%2F..%2Fb');
  });

  test('the login screen carries where to come back to', () => {
    expect(loginReturningTo('/home/stripe?x=1')).toBe('/login?next=%2Fhome%2Fstripe%3Fx%3D1');
  });

  test("each role's own profile", () => {
    expect(profileOf('user')).toBe('/profileusers');
    expect(profileOf('admin')).toBe('/profileAdmin');
    expect(profileOf('superAdmin')).toBe('/profileSuperAdmin');
  });

  test('a confirmed e-mail address leads to the profile, told so', () => {
    expect(EMAIL_VERIFIED_PATH).toBe('/profileusers?verified=1');
  });
});
