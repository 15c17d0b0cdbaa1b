import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { CONTENT_MESSAGES as M } from '../messages.ts';
import { addDays, calendarDateIn } from '../stay.ts';
import {
  CONTENT_FORMS,
  type ContentForm,
  checkContentDraft,
  eventDateLimits,
  fieldErrors,
  hotelCreateBody,
  hotelModifyBody,
  roomCreateBody,
} from './content.ts';

const image = [{ url: '/uploads/images/abc-1200.webp', public_id: 'images/abc' }];
/** Today's date in UTC: the schema alone accepts every date that is today somewhere on Earth. */
const today = () => calendarDateIn('UTC');
const soon = addDays(today(), 7);

/** A draft of each form that passes; each case below breaks one field of it. */
const VALID: Record<ContentForm, Record<string, unknown>> = {
  roomCreate: {
    id: 1,
    name: 'Suite',
    image,
    price: 120,
    description: 'Quiet room with two monitors',
    category: 'Premium',
    services: ['Fibre', 'Standing desk'],
    stock: 4,
  },
  roomModify: {
    id: 7,
    idHotel: 1,
    name: 'single',
    image,
    price: 10,
    description: 'd',
    category: 'standard',
    services: ['fibre'],
    stock: 50,
    version: 3,
  },
  hotelCreate: {
    name: 'Hotel Córdoba Code',
    image,
    qualification: 4,
    description: 'Near the river',
    address: 'Av. Colón 100',
    idLocation: 12,
    state: 'Córdoba',
    department: 'Capital',
  },
  hotelModify: {
    id: 3,
    name: 'x',
    image,
    qualification: 1,
    description: 'd',
    address: 'a',
    idLocation: 12,
    state: 's',
    department: 'd',
    version: 1,
  },
  eventCreate: {
    name: 'JSConf',
    idHotel: 1,
    date: soon,
    time: '18:30',
    image,
    description: 'Talks',
  },
  eventModify: {
    id: 9,
    name: 'JSConf',
    idHotel: 1,
    date: soon,
    time: '09:00',
    image,
    description: 'Talks',
    version: 2,
  },
  roomServiceCreate: { name: 'Dual monitors', image },
  roomServiceModify: { id: 2, name: 'Dual monitors', image, version: 5 },
  hotelServiceCreate: { idHotel: 1, name: 'Coworking', image, description: 'Open 24 h' },
  hotelServiceModify: {
    id: 4,
    idHotel: 1,
    name: 'Coworking',
    image,
    description: 'Open 24 h',
    version: 1,
  },
};

/**
 * Every message of product §5 for the content forms, as [form, field, bad value, exact message].
 * `undefined` removes the field. The count is asserted below, so a lost case fails.
 */
const SPEC_CASES: [ContentForm, string, unknown, string][] = [
  // Room create/modify
  ['roomModify', 'id', undefined, 'Room Name is required'],
  ['roomModify', 'name', undefined, 'Room Name is required'],
  ['roomCreate', 'image', [], 'Upload at least one image'],
  ['roomModify', 'image', undefined, 'Upload at least one image'],
  ['roomCreate', 'price', undefined, 'The price is required'],
  ['roomCreate', 'price', 10.5, 'The price must be in integers'],
  ['roomModify', 'price', '12', 'The price must be in integers'],
  ['roomCreate', 'description', '   ', 'Description is required'],
  ['roomModify', 'description', undefined, 'Description is required'],
  ['roomCreate', 'category', '', 'Category is required'],
  ['roomCreate', 'category', 'premium1', 'Invalid category: must only contain letters'],
  ['roomModify', 'category', 'pre-mium', 'Invalid category: must only contain letters'],
  ['roomCreate', 'services', [], 'Services is required'],
  ['roomModify', 'services', undefined, 'Services is required'],
  ['roomCreate', 'stock', undefined, 'The stock is required'],
  ['roomCreate', 'stock', 2.5, 'The stock must be in integers'],
  ['roomModify', 'stock', Number.NaN, 'The stock must be in integers'],
  ['roomModify', 'idHotel', undefined, 'Hotel name is required'],
  ['roomCreate', 'id', undefined, 'Hotel name is required'],
  ['roomCreate', 'name', undefined, 'Room name is required'],
  // Hotel create (and modify)
  ['hotelCreate', 'name', '', 'Hotel name is required'],
  ['hotelCreate', 'image', [], 'Upload at least one image'],
  ['hotelCreate', 'qualification', undefined, 'The qualification is required'],
  ['hotelCreate', 'qualification', 3.5, 'The qualification must be in integers'],
  ['hotelCreate', 'description', undefined, 'Description is required'],
  ['hotelCreate', 'address', ' ', 'Address is required'],
  ['hotelCreate', 'idLocation', undefined, 'City is required'],
  ['hotelCreate', 'state', undefined, 'State is required'],
  ['hotelCreate', 'department', '', 'Department is required'],
  ['hotelModify', 'id', undefined, 'Hotel name is required'],
  // Event
  ['eventCreate', 'name', '', 'Name is required'],
  ['eventCreate', 'image', undefined, 'Upload at least one image'],
  ['eventCreate', 'description', '', 'Description is required.. '],
  ['eventCreate', 'date', '', 'Date is required'],
  ['eventCreate', 'time', undefined, 'Time is required'],
  ['eventCreate', 'idHotel', undefined, 'Hotel name is required'],
  ['eventModify', 'id', undefined, 'Event is required'],
  // Room service
  ['roomServiceCreate', 'name', '  ', 'Service name is required'],
  ['roomServiceCreate', 'image', [], 'Upload at least one image'],
  ['roomServiceModify', 'id', undefined, 'Select service name'],
  // Hotel service
  ['hotelServiceCreate', 'idHotel', undefined, 'Hotel name is required'],
  ['hotelServiceCreate', 'name', '', 'Service Name is required'],
  ['hotelServiceCreate', 'image', [], 'Upload at least one image'],
  ['hotelServiceCreate', 'description', '', 'Description is required'],
  ['hotelServiceModify', 'id', undefined, 'Select Service Name'],
];

function breaking(form: ContentForm, field: string, value: unknown) {
  const draft = { ...VALID[form] };
  if (value === undefined) delete draft[field];
  else draft[field] = value;
  return draft;
}

describe('the content forms (product §5)', () => {
  test.each(Object.keys(VALID) as ContentForm[])('a complete %s draft passes', (form) => {
    const check = checkContentDraft(form, VALID[form]);
    expect(check.errors).toEqual({});
    expect(check.ok).toBe(true);
  });

  test.each(SPEC_CASES)('%s: %s = %j → %j', (form, field, value, message) => {
    const check = checkContentDraft(form, breaking(form, field, value));
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual({ [field]: message });
  });

  test('covers every §5 content message, and each is spelled as docs/product.md writes it', () => {
    // Distinct texts of product §5's five content rules, plus the invalid-submit toast.
    const texts = new Set(SPEC_CASES.map((c) => c[3]));
    expect(texts.size).toBe(27);
    expect(SPEC_CASES.length).toBe(45);
    for (const message of texts) expect(Object.values(M)).toContain(message);
    expect(M.checkFields).toBe('Check the fields');
    expect(M.eventDescriptionRequired).toBe('Description is required.. ');
  });

  test('an empty draft names every field at once', () => {
    expect(checkContentDraft('roomCreate', {}).errors).toEqual({
      id: 'Hotel name is required',
      name: 'Room name is required',
      image: 'Upload at least one image',
      price: 'The price is required',
      description: 'Description is required',
      category: 'Category is required',
      services: 'Services is required',
      stock: 'The stock is required',
    });
    expect(fieldErrors(CONTENT_FORMS.eventModify, null)).toEqual({ '': expect.any(String) });
  });
});

describe('limits of product §9', () => {
  const errorOf = (form: ContentForm, field: string, value: unknown) =>
    checkContentDraft(form, breaking(form, field, value)).errors[field];

  test('price 10 to 1000, stock 1 to 50, qualification 1 to 5, whole numbers only', () => {
    expect(errorOf('roomCreate', 'price', 9)).toBe(M.priceRange);
    expect(errorOf('roomCreate', 'price', 1001)).toBe(M.priceRange);
    expect(errorOf('roomCreate', 'price', 1000)).toBeUndefined();
    expect(errorOf('roomCreate', 'price', 10)).toBeUndefined();
    expect(errorOf('roomCreate', 'stock', 0)).toBe(M.stockRange);
    expect(errorOf('roomCreate', 'stock', 51)).toBe(M.stockRange);
    expect(errorOf('roomCreate', 'stock', 1)).toBeUndefined();
    expect(errorOf('roomCreate', 'stock', 1e300)).toBe(M.stockInteger);
    expect(errorOf('roomCreate', 'stock', Number.POSITIVE_INFINITY)).toBe(M.stockInteger);
    expect(errorOf('hotelCreate', 'qualification', 0)).toBe(M.qualificationRange);
    expect(errorOf('hotelCreate', 'qualification', 6)).toBe(M.qualificationRange);
    expect(errorOf('hotelCreate', 'qualification', '4')).toBe(M.qualificationInteger);
  });

  test('descriptions: 500 for rooms, 1000 for the others', () => {
    expect(errorOf('roomCreate', 'description', 'x'.repeat(500))).toBeUndefined();
    expect(errorOf('roomCreate', 'description', 'x'.repeat(501))).toBe(
      'Description must be 500 characters at most',
    );
    expect(errorOf('hotelCreate', 'description', 'x'.repeat(1000))).toBeUndefined();
    expect(errorOf('hotelCreate', 'description', 'x'.repeat(1001))).toBe(
      'Description must be 1000 characters at most',
    );
    expect(errorOf('eventCreate', 'description', 'x'.repeat(1001))).toBe(
      'Description must be 1000 characters at most',
    );
    expect(errorOf('hotelServiceCreate', 'description', 'x'.repeat(1001))).toBe(
      'Description must be 1000 characters at most',
    );
  });

  test('room names and categories from the fixed lists, in any case', () => {
    expect(errorOf('roomCreate', 'name', 'penthouse')).toBe(M.roomNameInvalid);
    expect(errorOf('roomCreate', 'category', 'luxury')).toBe(M.categoryInvalid);
    const check = checkContentDraft('roomCreate', VALID.roomCreate);
    expect(check.ok && [check.value.name, check.value.category]).toEqual(['suite', 'premium']);
  });

  test('typed names are kept as typed, trimmed; services repeated in any case or accent are refused', () => {
    const check = checkContentDraft('hotelCreate', {
      ...VALID.hotelCreate,
      name: ' Hotel ÁGUILA del Sur ',
    });
    expect(check.ok && check.value.name).toBe('Hotel ÁGUILA del Sur');
    const services = roomCreateBody.parse({ ...VALID.roomCreate, services: ['WiFi', 'Café'] });
    expect(services.services).toEqual(['WiFi', 'Café']);
    expect(errorOf('roomCreate', 'services', ['wifi', 'WiFi'])).toBe(M.servicesDuplicate);
    expect(errorOf('roomCreate', 'services', ['Café', 'cafe'])).toBe(M.servicesDuplicate);
  });

  test('event dates: from today to a rolling two-year horizon, real dates, HH:mm times', () => {
    const { min, max } = eventDateLimits();
    expect(errorOf('eventCreate', 'date', today())).toBeUndefined();
    expect(errorOf('eventCreate', 'date', addDays(today(), -2))).toBe(M.datePast);
    expect(errorOf('eventCreate', 'date', max)).toBeUndefined();
    expect(errorOf('eventCreate', 'date', addDays(max, 1))).toBe(M.dateTooFar(max));
    expect(max > addDays(today(), 365 * 2 - 2)).toBe(true);
    expect(min <= today()).toBe(true);
    expect(errorOf('eventCreate', 'date', '2030-02-30')).toBe(M.dateInvalid);
    expect(errorOf('eventCreate', 'time', '24:00')).toBe(M.timeInvalid);
    expect(errorOf('eventCreate', 'time', '7:5')).toBe(M.timeInvalid);
  });

  test("event dates from the chosen hotel's today, in its time zone", () => {
    const BA = 'America/Argentina/Buenos_Aires';
    // 01:30 UTC on 10 March is still 9 March in Buenos Aires and already 10 March in Kiritimati.
    const now = Date.parse('2026-03-10T01:30:00Z');
    expect(eventDateLimits(BA, now)).toEqual({ min: '2026-03-09', max: '2028-03-09' });
    expect(eventDateLimits('Pacific/Kiritimati', now)).toEqual({
      min: '2026-03-10',
      max: '2028-03-10',
    });
    // The two ends of the Earth's calendar (UTC−12 and UTC+14) are never on the same date.
    const [west, east] = ['Etc/GMT+12', 'Etc/GMT-14'];
    const westToday = calendarDateIn(west);
    const eastToday = calendarDateIn(east);
    const dateError = (date: string, hotelTimeZone: string, form: ContentForm = 'eventCreate') =>
      checkContentDraft(form, { ...VALID[form], date }, { hotelTimeZone }).errors.date;
    expect(dateError(westToday, west)).toBeUndefined();
    expect(dateError(westToday, east, 'eventModify')).toBe(M.datePast);
    expect(dateError(eastToday, east)).toBeUndefined();
    expect(dateError(addDays(westToday, -1), west)).toBe(M.datePast);
    const westMax = eventDateLimits(west).max;
    expect(westMax < eventDateLimits(east).max).toBe(true);
    expect(dateError(addDays(westMax, 1), west)).toBe(M.dateTooFar(westMax));
    expect(
      checkContentDraft(
        'eventCreate',
        { ...VALID.eventCreate, date: westToday },
        { hotelTimeZone: east },
      ).ok,
    ).toBe(false);
  });

  test('hotel time zones: an IANA name Intl knows, Buenos Aires when a create omits it', () => {
    expect(errorOf('hotelCreate', 'timeZone', 'Mars/Olympus_Mons')).toBe(M.timeZoneInvalid);
    expect(errorOf('hotelModify', 'timeZone', '+03:00')).toBe(M.timeZoneInvalid);
    expect(errorOf('hotelCreate', 'timeZone', '')).toBe(M.timeZoneRequired);
    expect(errorOf('hotelCreate', 'timeZone', 'Pacific/Kiritimati')).toBeUndefined();
    const { state: _s, department: _d, ...body } = VALID.hotelCreate;
    expect(hotelCreateBody.parse(body).timeZone).toBe('America/Argentina/Buenos_Aires');
    expect(hotelCreateBody.parse({ ...body, timeZone: ' UTC ' }).timeZone).toBe('UTC');
    // A modify that omits it keeps the hotel's.
    expect(hotelModifyBody.parse({ ...body, id: 3, version: 1 }).timeZone).toBeUndefined();
  });

  test('images: each an upload reference, at most 20', () => {
    expect(errorOf('roomCreate', 'image', [{ url: 'x' }])).toBe(M.imageInvalid);
    expect(errorOf('roomCreate', 'image', ['x'])).toBe(M.imageInvalid);
    expect(errorOf('roomCreate', 'image', Array(21).fill(image[0]))).toBe(M.tooManyImages(20));
  });

  test('every modify carries the version it loaded', () => {
    for (const form of [
      'roomModify',
      'hotelModify',
      'eventModify',
      'roomServiceModify',
      'hotelServiceModify',
    ] as const) {
      expect(errorOf(form, 'version', undefined)).toBe(M.versionRequired);
      expect(errorOf(form, 'version', 1.5)).toBe(M.versionRequired);
    }
  });
});

/**
 * Every field a create body fills in when absent (a default), for every kind: a modify that
 * leaves it out keeps the stored value, so its schema must leave it absent, never default it.
 */
describe('a modify leaves out what it does not send', () => {
  const kinds = (Object.keys(CONTENT_FORMS) as ContentForm[])
    .filter((form) => form.endsWith('Create'))
    .map((form) => form.slice(0, -'Create'.length));
  const defaulted = kinds.flatMap((kind) => {
    const create = CONTENT_FORMS[`${kind}Create` as ContentForm];
    return Object.entries(create.shape)
      .filter(([, field]) => (field as z.ZodType).safeParse(undefined).data !== undefined)
      .map(([field]) => [kind, field] as const);
  });

  test('every kind has its modify form, and some fields have a default', () => {
    for (const kind of kinds) expect(CONTENT_FORMS).toHaveProperty(`${kind}Modify`);
    expect(defaulted.length).toBeGreaterThan(0);
  });

  test.each(defaulted)('%s: %s', (kind, field) => {
    const valid = { ...VALID[`${kind}Modify` as ContentForm] };
    delete valid[field];
    const parsed = CONTENT_FORMS[`${kind}Modify` as ContentForm].safeParse(valid);
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).not.toHaveProperty(field);
  });
});
