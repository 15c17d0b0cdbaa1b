import { describe, expect, test } from 'vitest';
import {
  eventOptionLabel,
  hotelOptions,
  nameOptions,
  recordOptions,
  roomOptionLabel,
  timeZoneOptions,
} from './picker-options.ts';

describe('picker options', () => {
  test('sorted ignoring accents and case, shown as typed', () => {
    expect(
      nameOptions(['Óbera', 'Almirante Brown', 'Zárate', 'ezeiza']).map((o) => o.label),
    ).toEqual(['Almirante Brown', 'ezeiza', 'Óbera', 'Zárate']);
  });

  test('hotels read name — state, department, city', () => {
    const options = hotelOptions([
      { id: 2, name: 'Ñandú Suites', state: 'Salta', department: 'Capital', city: 'Salta' },
      {
        id: 1,
        name: 'Árbol Hotel',
        state: 'Buenos Aires',
        department: 'La Plata',
        city: 'La Plata',
      },
    ]);
    expect(options).toEqual([
      { value: '1', label: 'Árbol Hotel — Buenos Aires, La Plata, La Plata' },
      { value: '2', label: 'Ñandú Suites — Salta, Capital, Salta' },
    ]);
  });

  test('events show name, date and time followed by hrs', () => {
    expect(eventOptionLabel({ name: 'Rust meetup', date: '2030-05-02', time: '18:30' })).toBe(
      'Rust meetup — 2030-05-02 18:30 hrs',
    );
    const events = [
      { id: 3, name: 'édge ai', date: '2030-01-01', time: '09:00' },
      { id: 4, name: 'devops day', date: '2030-01-02', time: '10:00' },
    ];
    expect(recordOptions(events, eventOptionLabel).map((o) => o.value)).toEqual(['4', '3']);
  });

  test('rooms of the same name are told apart by category and price', () => {
    expect(roomOptionLabel({ name: 'double', category: 'premium', price: 120 })).toBe(
      'Double — premium, $120',
    );
    expect(roomOptionLabel({ name: 'suite', category: 'standard', price: 1000 })).toBe(
      'Suite — standard, $1,000',
    );
  });

  test("time zones: Intl's list with Buenos Aires, UTC and the current one, sorted", () => {
    const zones = timeZoneOptions('Etc/GMT+12');
    expect(zones).toContain('America/Argentina/Buenos_Aires');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Etc/GMT+12');
    expect(zones).toContain('Pacific/Kiritimati');
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(zones).size).toBe(zones.length);
  });
});
