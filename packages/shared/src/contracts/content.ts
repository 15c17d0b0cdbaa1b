import { z } from 'zod';
import { isIsoDate } from '../calendar-date.ts';
import {
  CAPACITY_DEFAULT,
  CAPACITY_MAX,
  CAPACITY_MIN,
  DESCRIPTION_MAX,
  EVENT_HORIZON_YEARS,
  EVENT_PREMIUM_PERCENT_MAX,
  EVENT_PREMIUM_PERCENT_MIN,
  FREE_CANCELLATION_DAYS_DEFAULT,
  FREE_CANCELLATION_DAYS_MAX,
  FREE_CANCELLATION_DAYS_MIN,
  HOTEL_TIME_ZONE_DEFAULT,
  PRICE_MAX,
  PRICE_MIN,
  QUALIFICATION_MAX,
  QUALIFICATION_MIN,
  ROOM_CATEGORIES,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAMES,
  STOCK_MAX,
  STOCK_MIN,
} from '../constants.ts';
import { CONTENT_MESSAGES as M } from '../messages.ts';
import { ID_MAX } from '../row-id.ts';
import { calendarDateIn, eventDateMax, isTimeZone } from '../stay.ts';
import { searchKey } from '../text.ts';
import { hasNul, idParam, imageItem, NUL_MESSAGE, rowId, text, wholeParam } from './common.ts';

/**
 * Content management (product §2.13, §5, §7.1): what the admin forms send to POST/PUT /hotels,
 * /rooms, /events, /serviceHotels and /serviceRooms. The web's forms and the API run the same
 * schemas, so a field's message is the same on the screen and in a 400. Numbers must be JSON
 * numbers (a slider's value), never strings: '12' is refused as not an integer.
 *
 * Every modify carries the `version` of the record it loaded; the API refuses it with 409 when
 * someone else has saved in between (see the editable shapes below, which carry it).
 */

const NAME_MAX = 100;
const ADDRESS_MAX = 200;
const IMAGES_MAX = 20;
const SERVICES_MAX = 30;

// ── Field rules ────────────────────────────────────────────────────────────────────────────

/** Required text: missing, null or blank all give `required`. Trimmed, no NUL. */
function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !hasNul(v), NUL_MESSAGE);
}

/**
 * A name typed into a form: kept as typed, trimmed (docs/product.md, Names as typed, departs
 * from product §3's lower-casing); matched and sorted by `searchKey`, ignoring case and accents.
 */
function typedName(required: string) {
  return requiredText(required, NAME_MAX, M.nameTooLong(NAME_MAX));
}

/** A reference picked from a list (hotel, city, the record being modified). */
function refId(required: string) {
  return rowId(required);
}

/** A whole number from a slider: missing → `required`; 10.5, '12', NaN → `integer`. */
function wholeNumber(required: string, integer: string, range: string, min: number, max: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? required
          : integer,
    })
    .int(integer)
    .min(min, range)
    .max(max, range);
}

/** An uploaded picture as the form holds it: the `{url, public_id}` POST /images answered. */
const imageRef = z.object(
  {
    url: requiredText(M.imageInvalid, 2048, M.imageInvalid),
    public_id: requiredText(M.imageInvalid, 200, M.imageInvalid),
  },
  { error: M.imageInvalid },
);
export type ImageRefInput = z.infer<typeof imageRef>;

const images = z
  .array(imageRef, { error: M.imageRequired })
  .min(1, M.imageRequired)
  .max(IMAGES_MAX, M.tooManyImages(IMAGES_MAX));

const version = z
  .number({ error: M.versionRequired })
  .int(M.versionRequired)
  .min(1, M.versionRequired)
  .max(ID_MAX, M.versionRequired);

function description(required: string, max: number) {
  return requiredText(required, max, M.descriptionTooLong(max));
}

function roomName(required: string) {
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .pipe(z.enum(ROOM_NAMES, { error: M.roomNameInvalid }));
}

const category = z
  .string({ error: M.categoryRequired })
  .trim()
  .min(1, M.categoryRequired)
  .regex(/^[\p{L} ]+$/u, M.categoryLetters)
  .toLowerCase()
  .pipe(z.enum(ROOM_CATEGORIES, { error: M.categoryInvalid }));

const services = z
  .array(requiredText(M.servicesRequired, NAME_MAX, M.nameTooLong(NAME_MAX)), {
    error: M.servicesRequired,
  })
  .min(1, M.servicesRequired)
  .max(SERVICES_MAX, M.tooManyServices(SERVICES_MAX))
  // A service is named by its key: 'WiFi' and 'wifi' are the same one.
  .refine((list) => new Set(list.map(searchKey)).size === list.length, M.servicesDuplicate);

/**
 * The first and last calendar dates anywhere on Earth right now (UTC−12 and UTC+14): what an
 * event date may be before its hotel, and so its time zone, is known.
 */
function calendarBounds(now = Date.now()): { earliest: string; latest: string } {
  const day = (offsetHours: number) =>
    new Date(now + offsetHours * 3_600_000).toISOString().slice(0, 10);
  return { earliest: day(-12), latest: day(14) };
}

/**
 * The dates an event may take: from its hotel's today (in the hotel's `timeZone`) to a rolling
 * horizon (product §9's fixed one has passed). Without a zone, the widest such range anywhere on
 * Earth — all the schema below can check; the API then checks the hotel's own range
 * (`eventDateIssue`), and so does a form once its hotel is chosen.
 */
export function eventDateLimits(
  timeZone?: string,
  now: number = Date.now(),
): { min: string; max: string } {
  if (timeZone !== undefined) {
    const min = calendarDateIn(timeZone, now);
    return { min, max: eventDateMax(min, EVENT_HORIZON_YEARS) };
  }
  const { earliest, latest } = calendarBounds(now);
  return { min: earliest, max: eventDateMax(latest, EVENT_HORIZON_YEARS) };
}

/** Why a well-formed event date falls outside `limits` (the field's message), if it does. */
export function eventDateIssue(
  date: string,
  limits: { min: string; max: string },
): string | undefined {
  if (date < limits.min) return M.datePast;
  if (date > limits.max) return M.dateTooFar(limits.max);
  return undefined;
}

const eventDate = z
  .string({ error: M.dateRequired })
  .trim()
  .min(1, M.dateRequired)
  .superRefine((value, ctx) => {
    if (!isIsoDate(value)) return void ctx.addIssue({ code: 'custom', message: M.dateInvalid });
    const issue = eventDateIssue(value, eventDateLimits());
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** An IANA time zone name this runtime's Intl knows (a hotel's; see `calendarDateIn`). */
const timeZone = z
  .string({ error: M.timeZoneRequired })
  .trim()
  .min(1, M.timeZoneRequired)
  .refine(isTimeZone, M.timeZoneInvalid);

const freeCancellationDays = wholeNumber(
  M.freeCancellationDaysRequired,
  M.freeCancellationDaysInteger,
  M.freeCancellationDaysRange,
  FREE_CANCELLATION_DAYS_MIN,
  FREE_CANCELLATION_DAYS_MAX,
);

/** The hotel's premium on its event nights, whole percent (rates: contracts/rates.ts). */
const eventNightPremiumPercent = wholeNumber(
  M.eventNightPremiumRequired,
  M.eventNightPremiumInteger,
  M.eventNightPremiumRange,
  EVENT_PREMIUM_PERCENT_MIN,
  EVENT_PREMIUM_PERCENT_MAX,
);

/** Guests one unit of a room sleeps. */
const capacity = wholeNumber(
  M.capacityRequired,
  M.capacityInteger,
  M.capacityRange,
  CAPACITY_MIN,
  CAPACITY_MAX,
);

const eventTime = z
  .string({ error: M.timeRequired })
  .trim()
  .min(1, M.timeRequired)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid);

// ── Bodies of POST and PUT (product §7.1 payload names) ────────────────────────────────────────

/** A create body's fields, each one that has a default made optional with none. */
type ModifyShape<S extends z.ZodRawShape> = {
  [K in keyof S]: S[K] extends z.ZodDefault<infer T extends z.ZodType> ? z.ZodOptional<T> : S[K];
};

/**
 * A modify body made from its create body and the fields a modify adds or replaces (`id`,
 * `version`, …). A field the create body fills in when absent is optional here, with no
 * default: left out of a modify, the stored value stays (a default would reset it at every edit
 * made without the field).
 */
function modifyOf<S extends z.ZodRawShape, E extends z.ZodRawShape>(
  create: z.ZodObject<S>,
  extra: E,
) {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([key, field]) => [
      key,
      field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType).optional() : field,
    ]),
  ) as ModifyShape<S>;
  return z.object(shape).extend(extra);
}

/** POST /rooms — `id` is the hotel's id (product §7.1). */
export const roomCreateBody = z.object({
  id: refId(M.hotelRequired),
  name: roomName(M.roomNameRequired),
  image: images,
  /** Dollars per night, whole. */
  price: wholeNumber(M.priceRequired, M.priceInteger, M.priceRange, PRICE_MIN, PRICE_MAX),
  description: description(M.descriptionRequired, ROOM_DESCRIPTION_MAX),
  category,
  /** Names of room services (GET /serviceRooms). */
  services,
  stock: wholeNumber(M.stockRequired, M.stockInteger, M.stockRange, STOCK_MIN, STOCK_MAX),
  /** Guests one unit sleeps; CAPACITY_DEFAULT when omitted. */
  capacity: capacity.default(CAPACITY_DEFAULT),
});

/**
 * PUT /rooms — `id` is the room's; `idHotel` its hotel (a superAdmin may move it). An omitted
 * `capacity` keeps the room's.
 */
export const roomModifyBody = modifyOf(roomCreateBody, {
  id: refId(M.roomRequired),
  idHotel: refId(M.hotelRequired),
  name: roomName(M.roomRequired),
  version,
});

/** POST /hotels (superAdmin). */
export const hotelCreateBody = z.object({
  name: typedName(M.hotelRequired),
  image: images,
  qualification: wholeNumber(
    M.qualificationRequired,
    M.qualificationInteger,
    M.qualificationRange,
    QUALIFICATION_MIN,
    QUALIFICATION_MAX,
  ),
  description: description(M.descriptionRequired, DESCRIPTION_MAX),
  address: requiredText(M.addressRequired, ADDRESS_MAX, M.addressTooLong(ADDRESS_MAX)),
  /** The city's location id. */
  idLocation: refId(M.cityRequired),
  /** IANA time zone of the hotel: its "today" for stays and events. Buenos Aires when omitted. */
  timeZone: timeZone.default(HOTEL_TIME_ZONE_DEFAULT),
  /** Days before check-in a guest may cancel for free (product §4); 2 when omitted. */
  freeCancellationDays: freeCancellationDays.default(FREE_CANCELLATION_DAYS_DEFAULT),
  /**
   * Percent added to a room's price on the nights of the hotel's own events (0–300); 0 when
   * omitted.
   */
  eventNightPremiumPercent: eventNightPremiumPercent.default(0),
});

/**
 * PUT /hotels — an omitted `timeZone`, `freeCancellationDays` or `eventNightPremiumPercent`
 * keeps the hotel's.
 */
export const hotelModifyBody = modifyOf(hotelCreateBody, { id: refId(M.hotelRequired), version });

/** POST /events */
export const eventCreateBody = z.object({
  name: typedName(M.eventNameRequired),
  idHotel: refId(M.hotelRequired),
  /** yyyy-MM-dd, from the hotel's today to EVENT_HORIZON_YEARS ahead (checked by the API). */
  date: eventDate,
  /** HH:mm (24 h) */
  time: eventTime,
  image: images,
  description: description(M.eventDescriptionRequired, DESCRIPTION_MAX),
});

/** PUT /events */
export const eventModifyBody = modifyOf(eventCreateBody, { id: refId(M.eventRequired), version });

/** POST /serviceRooms (superAdmin: the catalogue every hotel's rooms pick from). */
export const roomServiceCreateBody = z.object({
  name: typedName(M.roomServiceNameRequired),
  image: images,
});

/** PUT /serviceRooms */
export const roomServiceModifyBody = modifyOf(roomServiceCreateBody, {
  id: refId(M.roomServiceRequired),
  version,
});

/** POST /serviceHotels */
export const hotelServiceCreateBody = z.object({
  idHotel: refId(M.hotelRequired),
  name: typedName(M.hotelServiceNameRequired),
  image: images,
  description: description(M.descriptionRequired, DESCRIPTION_MAX),
});

/** PUT /serviceHotels — product §7.1's id, name, image, description, plus the form's hotel. */
export const hotelServiceModifyBody = modifyOf(hotelServiceCreateBody, {
  id: refId(M.hotelServiceRequired),
  version,
});

// ── The forms (drafts) ─────────────────────────────────────────────────────────────────────

/** The hotel forms also pick the state and department of the city (cascading pickers). */
const locationPickers = {
  state: requiredText(M.stateRequired, NAME_MAX, M.nameTooLong(NAME_MAX)),
  department: requiredText(M.departmentRequired, NAME_MAX, M.nameTooLong(NAME_MAX)),
};

/**
 * Each admin form and the schema its draft must pass. A form sends its parsed value (extra
 * fields such as the hotel form's state and department are dropped by the API's schema).
 * @internal
 */
export const CONTENT_FORMS = {
  roomCreate: roomCreateBody,
  roomModify: roomModifyBody,
  hotelCreate: hotelCreateBody.extend(locationPickers),
  hotelModify: hotelModifyBody.extend(locationPickers),
  eventCreate: eventCreateBody,
  eventModify: eventModifyBody,
  roomServiceCreate: roomServiceCreateBody,
  roomServiceModify: roomServiceModifyBody,
  hotelServiceCreate: hotelServiceCreateBody,
  hotelServiceModify: hotelServiceModifyBody,
} as const;
export type ContentForm = keyof typeof CONTENT_FORMS;
export type ContentFormValue<F extends ContentForm> = z.output<(typeof CONTENT_FORMS)[F]>;
/** What a form's draft holds before it is parsed: the web's drafts are typed from it. */
export type ContentFormInput<F extends ContentForm> = z.input<(typeof CONTENT_FORMS)[F]>;

/** Field → its first message. Nested issues (image.2.url) count for their top field (image). */
export type FieldErrors = Record<string, string>;

export type DraftCheck<T> =
  | { ok: true; value: T; errors: FieldErrors }
  | { ok: false; errors: FieldErrors };

/** Runs any schema on a draft and keeps one message per field, the first one found. */
export function fieldErrors(schema: z.ZodType, draft: unknown): FieldErrors {
  const result = schema.safeParse(draft);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** What a draft is checked against besides itself. */
export interface DraftContext {
  /** The time zone of the hotel an event form has chosen: its dates run from that hotel's today. */
  hotelTimeZone?: string;
  /** The instant "today" is taken at (ms); now by default. */
  now?: number;
}

/**
 * The form's draft checked as a whole: its parsed value (texts trimmed) when it
 * passes, otherwise the message of each failing field — what the form shows under each input,
 * and why Submit stays disabled (product §4, Forms).
 */
export function checkContentDraft<F extends ContentForm>(
  form: F,
  draft: unknown,
  context: DraftContext = {},
): DraftCheck<ContentFormValue<F>> {
  const schema = CONTENT_FORMS[form] as unknown as z.ZodType<ContentFormValue<F>>;
  const result = schema.safeParse(draft);
  const errors = result.success ? {} : fieldErrors(schema, draft);
  const date = (draft as { date?: unknown } | null)?.date;
  if (
    (form === 'eventCreate' || form === 'eventModify') &&
    context.hotelTimeZone !== undefined &&
    !('date' in errors) &&
    typeof date === 'string'
  ) {
    const issue = eventDateIssue(date.trim(), eventDateLimits(context.hotelTimeZone, context.now));
    if (issue) errors.date = issue;
  }
  if (result.success && Object.keys(errors).length === 0) {
    return { ok: true, value: result.data, errors: {} };
  }
  return { ok: false, errors };
}

// ── What the modify forms load (each with its version) ─────────────────────────────────────

const versioned = { version: z.number().int() };

/** GET /content/hotels?q= — a hotel picker line: name plus state, department and city. */
export const hotelPickerQuery = z.object({
  q: text(100).optional(),
  limit: wholeParam(1, 50).default(20),
});
const hotelPickerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  department: z.string(),
  city: z.string(),
});
export type HotelPickerItem = z.infer<typeof hotelPickerItem>;
export const hotelPickerList = z.array(hotelPickerItem);

/** The hotel a list of the pickers below belongs to. */
export const hotelScopeQuery = z.object({
  idHotel: idParam,
});

/** GET /content/hotels/{id} — the modify hotel form's record. */
export const editableHotel = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.array(imageItem),
  qualification: z.number().int(),
  description: z.string(),
  address: z.string(),
  idLocation: z.number().int(),
  state: z.string(),
  department: z.string(),
  city: z.string(),
  /** IANA time zone. */
  timeZone: z.string(),
  freeCancellationDays: z.number().int(),
  /** Percent added on the nights of the hotel's own events. */
  eventNightPremiumPercent: z.number().int(),
  ...versioned,
});
export type EditableHotel = z.infer<typeof editableHotel>;

/** GET /content/rooms?idHotel= — a hotel's rooms, by name ignoring accents and case. */
export const editableRoom = z.object({
  id: z.number().int(),
  idHotel: z.number().int(),
  name: z.enum(ROOM_NAMES),
  image: z.array(imageItem),
  price: z.number(),
  description: z.string(),
  category: z.enum(ROOM_CATEGORIES),
  services: z.array(z.string()),
  stock: z.number().int(),
  capacity: z.number().int(),
  ...versioned,
});
export type EditableRoom = z.infer<typeof editableRoom>;
export const editableRoomList = z.array(editableRoom);

/** GET /content/events?idHotel= — a hotel's events, by name ignoring accents and case. */
export const editableEvent = z.object({
  id: z.number().int(),
  idHotel: z.number().int(),
  name: z.string(),
  date: z.string(),
  time: z.string(),
  image: z.array(imageItem),
  description: z.string(),
  ...versioned,
});
export type EditableEvent = z.infer<typeof editableEvent>;
export const editableEventList = z.array(editableEvent);

/** GET /content/serviceHotels?idHotel= */
export const editableHotelService = z.object({
  id: z.number().int(),
  idHotel: z.number().int(),
  name: z.string(),
  image: z.array(imageItem),
  description: z.string(),
  ...versioned,
});
export type EditableHotelService = z.infer<typeof editableHotelService>;
export const editableHotelServiceList = z.array(editableHotelService);

/** GET /content/serviceRooms */
export const editableRoomService = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.array(imageItem),
  ...versioned,
});
export type EditableRoomService = z.infer<typeof editableRoomService>;
export const editableRoomServiceList = z.array(editableRoomService);

/** POST /images — the stored pictures, in the order the files were sent. */
export const imageUploadReply = z.array(imageItem);
