import { z } from 'zod';
import { ROOM_CATEGORIES, ROOM_NAMES } from '../constants.ts';
import { cents, isoDate } from './common.ts';

/**
 * A hotel's dashboard (GET /api/hotels/{id}/dashboard): its occupancy over the coming nights and
 * its revenue over the past months and what is on its books for the coming ones, for the hotel's admin and the superAdmin. Every date is the
 * hotel's: the nights start at its today and the months are its calendar months, in its zone.
 */

/** Nights the occupancy covers, from the hotel's today. */
export const DASHBOARD_NIGHTS = 60;
/** Calendar months the revenue covers up to now: the hotel's current month and the ones before it. */
export const DASHBOARD_MONTHS = 12;
/** Calendar months after the current one the revenue covers: what is on the books for them. */
export const DASHBOARD_MONTHS_AHEAD = 3;

/** A room of the hotel with the units its confirmed bookings take on each night of `nights`. */
const occupancyRoom = z.object({
  id: z.number().int(),
  name: z.enum(ROOM_NAMES),
  category: z.enum(ROOM_CATEGORIES),
  /** Units of this room type the hotel has (today's stock). */
  stock: z.number().int(),
  /** Units booked on each night, in the order of `nights`. */
  booked: z.array(z.number().int().min(0)),
  /**
   * Units free on each night, in the order of `nights`, by the ledger's rule: the stock less
   * the units taken, held or booked (so booked + free is short of the stock by what is held).
   */
  free: z.array(z.number().int().min(0)),
});
export type OccupancyRoom = z.infer<typeof occupancyRoom>;

/**
 * What the hotel's guests paid for the nights of one calendar month (`yyyy-MM`): earned for the
 * nights before the hotel's today, on the books for its today and after (paid ahead, not yet
 * stayed). A month holding today has both.
 */
const revenueMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** The hotel's share of the captured payments for those nights. */
  capturedCents: cents,
  /** The hotel's share of what was refunded of them. */
  refundedCents: cents,
  /** Captured minus refunded. */
  netCents: z.number().int(),
  /** The net for the month's nights before today. */
  earnedCents: z.number().int(),
  /** The net for the month's nights from today on: netCents − earnedCents. */
  onBooksCents: z.number().int(),
});

export const hotelDashboard = z.object({
  hotel: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
  /** The hotel's calendar date now, in its zone: the first night of the occupancy. */
  today: isoDate,
  occupancy: z.object({
    /** DASHBOARD_NIGHTS nights from the hotel's today, as yyyy-MM-dd. */
    nights: z.array(isoDate),
    /** Every room of the hotel, by id. */
    rooms: z.array(occupancyRoom),
  }),
  /**
   * DASHBOARD_MONTHS months up to the hotel's current one, then DASHBOARD_MONTHS_AHEAD coming
   * months, oldest first.
   */
  revenue: z.array(revenueMonth),
});
export type HotelDashboard = z.infer<typeof hotelDashboard>;

/**
 * A room with open channel conflicts (imported events that did not fit: their nights are sold
 * here), for the staff dashboard: how many, and the first night any of them holds.
 */
const conflictRoom = z.object({
  roomId: z.number().int(),
  roomName: z.string(),
  hotelId: z.number().int(),
  hotelName: z.string(),
  conflicts: z.number().int().min(1),
  /** The earliest first night of the room's conflicting events. */
  firstNight: isoDate,
});
export type ConflictRoom = z.infer<typeof conflictRoom>;

/**
 * The open channel conflicts a staff account may see (GET /api/dashboard/conflicts): an admin's
 * hotel's, every hotel's for the superAdmin; by room, the earliest first night first.
 */
export const conflictsDashboard = z.object({
  /** Conflicts over every room listed. */
  total: z.number().int(),
  rooms: z.array(conflictRoom),
});
export type ConflictsDashboard = z.infer<typeof conflictsDashboard>;
