import { z } from 'zod';
import { HOTEL_SORT_VALUES, QUALIFICATION_MAX, QUALIFICATION_MIN, ROOM_CATEGORIES, ROOM_NAMES } from '../constants.ts';
import { imageItem, isoDate, locationLine, pageQuery } from './common.ts';

/** GET /hotels — search, filters, sort and paging, all applied by the server. */
export const hotelListQuery = pageQuery.extend({
  name: z.string().trim().max(100).optional(),
  city: z.string().trim().max(100).optional(),
  qualification: z.coerce.number().int().min(QUALIFICATION_MIN).max(QUALIFICATION_MAX).optional(),
  sort: z.enum(HOTEL_SORT_VALUES).optional(),
});
export type HotelListQuery = z.infer<typeof hotelListQuery>;

/** GET /filtersHotels/location?filter={city} */
export const hotelCityQuery = pageQuery.extend({
  filter: z.string().trim().min(1).max(100),
});

export const hotelCard = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.array(z.string()),
  qualification: z.number().int(),
  address: z.string(),
  idLocation: z.number().int(),
  Locations: z.array(locationLine),
  reviewCount: z.number().int(),
  reviewAverage: z.number().nullable(),
});
export type HotelCard = z.infer<typeof hotelCard>;

export const roomSummary = z.object({
  id: z.number().int(),
  name: z.enum(ROOM_NAMES),
  image: z.array(imageItem),
  price: z.number(),
  description: z.string(),
  category: z.enum(ROOM_CATEGORIES),
  stock: z.number().int(),
  idHotel: z.number().int(),
});
export type RoomSummary = z.infer<typeof roomSummary>;

export const review = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  verifiedStay: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const hotelDetail = hotelCard.extend({
  description: z.string(),
  Rooms: z.array(roomSummary),
  Reviews: z.array(review),
});
export type HotelDetail = z.infer<typeof hotelDetail>;

export const roomService = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.array(imageItem),
});
export type RoomService = z.infer<typeof roomService>;

export const roomDetail = roomSummary.extend({
  services: z.array(z.string()),
  ServicesRooms: z.array(roomService),
  Hotels: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
});
export type RoomDetail = z.infer<typeof roomDetail>;

export const hotelService = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.array(imageItem),
  description: z.string(),
  idHotel: z.number().int(),
});
export type HotelService = z.infer<typeof hotelService>;

/** GET /events — optional date window (inclusive) and paging. */
export const eventListQuery = pageQuery.extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  pageSize: pageQuery.shape.pageSize.default(100),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

export const event = z.object({
  id: z.number().int(),
  name: z.string(),
  idHotel: z.number().int(),
  date: z.string(),
  time: z.string(),
  image: z.array(imageItem),
  description: z.string(),
  Hotels: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    Locations: z.array(locationLine),
  }),
});
export type Event = z.infer<typeof event>;

/** GET /locations (states), ?name={state} (departments), /locations/city?name={department}. */
export const locationNameQuery = z.object({ name: z.string().trim().min(1).max(100).optional() });
export const cityQuery = z.object({ name: z.string().trim().min(1).max(100) });
export const city = z.object({
  id: z.number().int(),
  city: z.string(),
  department: z.string(),
  state: z.string(),
});
export type City = z.infer<typeof city>;
