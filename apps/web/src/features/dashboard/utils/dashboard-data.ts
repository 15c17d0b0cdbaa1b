import type { HotelDashboard, OccupancyRoom } from '@devstay/shared/contracts/dashboard';
import { capitalize, centsToPrice, formatUsd } from '@devstay/shared/text';

/** The occupancy as one bar of the whole hotel per night, or each room's own bars. */
export type OccupancyView = 'total' | 'rooms';

const NIGHT_LABEL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const MONTH_LABEL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  year: 'numeric',
});

/** 'Thu, Nov 26' for 2026-11-26: a calendar date, shown as it is wherever the browser is. */
export const nightLabel = (night: string): string =>
  NIGHT_LABEL.format(new Date(`${night}T00:00:00Z`));

/**
 * 'Nov 2026' for 2026-11.
 * @internal
 */
export const monthLabel = (month: string): string =>
  MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`));

/** 'Suite (premium)'; rooms of the same name and category are told apart by their number. */
export function roomLabels(rooms: readonly OccupancyRoom[]): Map<number, string> {
  const base = (r: OccupancyRoom) => `${capitalize(r.name)} (${r.category})`;
  const count = new Map<string, number>();
  for (const r of rooms) count.set(base(r), (count.get(base(r)) ?? 0) + 1);
  return new Map(
    rooms.map((r) => [r.id, (count.get(base(r)) ?? 0) > 1 ? `${base(r)} #${r.id}` : base(r)]),
  );
}

/** One night of the occupancy: units booked against the hotel's stock, and each room's. */
export interface OccupancyNight {
  night: string;
  label: string;
  booked: number;
  /** Units free by the ledger's rule (the API's `free`: held units are neither booked nor free). */
  free: number;
  stock: number;
  /** Units booked of each room, in the order of the dashboard's rooms. */
  rooms: number[];
}

export function occupancyNights(dashboard: HotelDashboard): OccupancyNight[] {
  const { nights, rooms } = dashboard.occupancy;
  const stock = rooms.reduce((sum, r) => sum + r.stock, 0);
  return nights.map((night, i) => {
    const byRoom = rooms.map((r) => r.booked[i] ?? 0);
    return {
      night,
      label: nightLabel(night),
      booked: byRoom.reduce((sum, n) => sum + n, 0),
      free: rooms.reduce((sum, r) => sum + (r.free[i] ?? 0), 0),
      stock,
      rooms: byRoom,
    };
  });
}

/** Colours of the rooms' bars, in turn. */
const ROOM_COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.7', 'pink.6', 'lime.7'];

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

/** What the occupancy's bar chart draws: rows keyed by series name, and its series. */
export function occupancyChart(
  dashboard: HotelDashboard,
  view: OccupancyView,
): { data: Record<string, string | number>[]; series: ChartSeries[] } {
  const nights = occupancyNights(dashboard);
  if (view === 'total') {
    return {
      data: nights.map((n) => ({
        label: n.label,
        booked: n.booked,
        free: n.free,
      })),
      series: [
        { name: 'booked', label: 'Booked', color: 'blue.6' },
        { name: 'free', label: 'Free', color: 'gray.3' },
      ],
    };
  }
  const labels = roomLabels(dashboard.occupancy.rooms);
  const series = dashboard.occupancy.rooms.map((r, i) => ({
    name: `room${r.id}`,
    label: labels.get(r.id) ?? String(r.id),
    color: ROOM_COLORS[i % ROOM_COLORS.length] ?? 'blue.6',
  }));
  return {
    data: nights.map((n) => ({
      label: n.label,
      ...Object.fromEntries(series.map((s, i) => [s.name, n.rooms[i] ?? 0])),
    })),
    series,
  };
}

/** One month of the revenue, in dollars for the chart's axis and cents for the table. */
export interface RevenueRow {
  month: string;
  label: string;
  capturedCents: number;
  refundedCents: number;
  netCents: number;
  earnedCents: number;
  onBooksCents: number;
  earned: number;
  onBooks: number;
}

export function revenueRows(dashboard: HotelDashboard): RevenueRow[] {
  return dashboard.revenue.map((m) => ({
    ...m,
    label: monthLabel(m.month),
    earned: centsToPrice(m.earnedCents),
    onBooks: centsToPrice(m.onBooksCents),
  }));
}

/** The revenue chart's dollar axis: from $0 to a round top above the highest month. */
export interface DollarAxis {
  ticks: number[];
  /** Room for the longest tick label, in pixels. */
  width: number;
}

/** At most this many steps between $0 and the axis's top. */
const AXIS_STEPS = 4;

/**
 * An axis that fits the months: steps of 1, 2, 2.5 or 5 × a power of ten, the smallest that
 * reach the highest month's stacked bar in AXIS_STEPS, up to the first step above it; $0–$100
 * when every month is $0.
 */
export function revenueAxis(rows: readonly RevenueRow[]): DollarAxis {
  const highest = Math.max(0, ...rows.map((r) => Math.max(0, r.earned) + Math.max(0, r.onBooks)));
  const top = Math.max(highest, 100);
  const power = 10 ** Math.floor(Math.log10(top / AXIS_STEPS));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power * AXIS_STEPS >= top) ?? 10) * power;
  const ticks = Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
  const longest = Math.max(...ticks.map((t) => dollarTick(t).length));
  return { ticks, width: longest * 8 + 12 };
}

/** '$12,500': whole dollars on the axis. */
export const dollarTick = (dollars: number): string => formatUsd(Math.round(dollars) * 100);
