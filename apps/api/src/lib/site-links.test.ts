import { pathPatterns } from '@devstay/shared/paths';
import { describe, expect, test } from 'vitest';
import { hotelUrl, receiptUrl, siteUrl } from './site-links.ts';

describe('links to the web app', () => {
  test("are the web's screen addresses on the public site, with or without its final slash", () => {
    for (const site of ['https://stay.example', 'https://stay.example/']) {
      expect(receiptUrl(site, 'b-1')).toBe(
        `https://stay.example${pathPatterns.receipt.replace(':id', 'b-1')}`,
      );
      expect(hotelUrl(site, 7)).toBe(
        `https://stay.example${pathPatterns.hotel.replace(':id', '7')}`,
      );
      expect(siteUrl(site, '/home')).toBe('https://stay.example/home');
    }
  });

  test('an id cannot lead to another screen', () => {
    expect(receiptUrl('https://stay.example', '../../login')).toBe(
      'https://stay.example/bookings/..%2F..%2Flogin/receipt',
    );
  });
});
