import type { HotelDashboard } from '@devstay/shared/contracts/dashboard';
import { describe, expect, test } from 'vitest';
import {
  dollarTick,
  monthLabel,
  nightLabel,
  occupancyChart,
  occupancyNights,
  revenueAxis,
  revenueRows,
  roomLabels,
} from './dashboard-data.ts';

const dashboard: HotelDashboard = {
  hotel: { id: 7, name: 'hotel ada', timeZone: 'Pacific/Kiritimati' },
  today: '2026-12-31',
  occupancy: {
    nights: ['2026-12-31', '2027-01-01', '2027-01-02'],
    rooms: [
      // One unit of the suite held on the first night: neither booked nor free.
      { id: 1, name: 'suite', category: 'premium', stock: 4, booked: [1, 4, 0], free: [2, 0, 4] },
      { id: 2, name: 'double', category: 'standard', stock: 2, booked: [2, 0, 0], free: [0, 2, 2] },
      { id: 3, name: 'double', category: 'standard', stock: 1, booked: [0, 1, 0], free: [1, 0, 1] },
    ],
  },
  revenue: [
    {
      month: '2026-11',
      capturedCents: 0,
      refundedCents: 0,
      netCents: 0,
      earnedCents: 0,
      onBooksCents: 0,
    },
    {
      month: '2026-12',
      capturedCents: 50_050,
      refundedCents: 20_000,
      netCents: 30_050,
      earnedCents: 10_050,
      onBooksCents: 20_000,
    },
  ],
};

describe('labels', () => {
  test('nights and months are calendar dates, whatever zone the browser is in', () => {
    expect(nightLabel('2027-01-01')).toBe('Fri, Jan 1');
    expect(monthLabel('2026-12')).toBe('Dec 2026');
  });

  test('rooms by name and category, numbered only where two would read alike', () => {
    expect([...roomLabels(dashboard.occupancy.rooms).values()]).toEqual([
      'Suite (premium)',
      'Double (standard) #2',
      'Double (standard) #3',
    ]);
  });
});

describe('occupancy', () => {
  test('each night: the units booked in every room against the hotel’s whole stock', () => {
    expect(occupancyNights(dashboard)).toEqual([
      { night: '2026-12-31', label: 'Thu, Dec 31', booked: 3, free: 3, stock: 7, rooms: [1, 2, 0] },
      { night: '2027-01-01', label: 'Fri, Jan 1', booked: 5, free: 2, stock: 7, rooms: [4, 0, 1] },
      { night: '2027-01-02', label: 'Sat, Jan 2', booked: 0, free: 7, stock: 7, rooms: [0, 0, 0] },
    ]);
  });

  test('the whole hotel: booked and free units stacked, free by the API’s (the ledger’s) count', () => {
    const chart = occupancyChart(dashboard, 'total');
    expect(chart.series.map((s) => s.name)).toEqual(['booked', 'free']);
    expect(chart.data).toEqual([
      // 7 − 3 would be 4: the held unit is not free.
      { label: 'Thu, Dec 31', booked: 3, free: 3 },
      { label: 'Fri, Jan 1', booked: 5, free: 2 },
      { label: 'Sat, Jan 2', booked: 0, free: 7 },
    ]);
  });

  test('each room: one series a room, its units on each night', () => {
    const chart = occupancyChart(dashboard, 'rooms');
    expect(chart.series.map((s) => [s.name, s.label])).toEqual([
      ['room1', 'Suite (premium)'],
      ['room2', 'Double (standard) #2'],
      ['room3', 'Double (standard) #3'],
    ]);
    expect(new Set(chart.series.map((s) => s.color)).size).toBe(3);
    expect(chart.data[1]).toEqual({ label: 'Fri, Jan 1', room1: 4, room2: 0, room3: 1 });
  });
});

test('revenue: dollars for the chart, cents kept for the table', () => {
  expect(revenueRows(dashboard)[1]).toEqual({
    month: '2026-12',
    label: 'Dec 2026',
    capturedCents: 50_050,
    refundedCents: 20_000,
    netCents: 30_050,
    earnedCents: 10_050,
    onBooksCents: 20_000,
    earned: 100.5,
    onBooks: 200,
  });
});

describe('the revenue axis fits the months', () => {
  const rows = (...dollars: [number, number][]) =>
    revenueRows({
      ...dashboard,
      revenue: dollars.map(([earned, onBooks], i) => ({
        month: `2026-${String(i + 1).padStart(2, '0')}`,
        capturedCents: (earned + onBooks) * 100,
        refundedCents: 0,
        netCents: (earned + onBooks) * 100,
        earnedCents: earned * 100,
        onBooksCents: onBooks * 100,
      })),
    });

  test('its top is the first round figure above the highest stacked month', () => {
    expect(revenueAxis(rows([300, 0], [1_200, 1_437])).ticks).toEqual([0, 1000, 2000, 3000]);
    expect(revenueAxis(rows([0, 730])).ticks).toEqual([0, 200, 400, 600, 800]);
    expect(revenueAxis(rows([41_000, 0])).ticks).toEqual([0, 20_000, 40_000, 60_000]);
    expect(revenueAxis(rows([0, 95])).ticks).toEqual([0, 25, 50, 75, 100]);
  });

  test('a business with nothing yet still reads in dollars, $0 to $100', () => {
    expect(revenueAxis(rows([0, 0], [0, 0])).ticks).toEqual([0, 25, 50, 75, 100]);
  });

  test('wide enough for its longest label', () => {
    const axis = revenueAxis(rows([41_000, 0]));
    expect(dollarTick(60_000)).toBe('$60,000');
    expect(axis.width).toBeGreaterThanOrEqual('$60,000'.length * 7);
  });
});
