/**
 * The whole demo data set as plain values, before anything touches the database or the disk:
 * locations, hotels with their rooms, services and reviews, events, and the pictures to draw.
 * Deterministic: the same on every machine, except event dates, which follow the day it runs.
 */
import {
  HOTEL_TIME_ZONE_DEFAULT,
  PRICE_MAX,
  PRICE_MIN,
  ROOM_DESCRIPTION_MAX,
  type RoomCategory,
  type RoomName,
  STOCK_MAX,
  STOCK_MIN,
} from '@devstay/shared/constants';
import { addDays } from '@devstay/shared/stay';
import { searchKey } from '@devstay/shared/text';
import { type LocationRow, locationRows } from './argentina.ts';
import { EVENTS } from './event-catalogue.ts';
import { CITIES, HOTELS, type HotelSeed, type Scenery } from './hotel-catalogue.ts';
import { createRng, type Rng } from './prng.ts';
import { COMMENTS, REVIEWERS } from './review-catalogue.ts';
import { FACADE_SIZE, facadeSvg, hotelLook } from './scene-facade.ts';
import {
  hotelServiceSvg,
  ICON_SIZE,
  roomServiceIconSvg,
  SERVICE_CARD_SIZE,
} from './scene-icons.ts';
import { LOUNGE_SIZE, loungeSvg, ROOM_SIZE, roomSvg } from './scene-interior.ts';
import type { TimeOfDay } from './scene-landscape.ts';
import { POSTER_SIZE, posterSvg, venueSvg } from './scene-poster.ts';
import { HOTEL_SERVICES, ROOM_SERVICES } from './services.ts';
import { initials } from './svg.ts';

/** A picture to render: `key` names its file (a content hash is added when it is written). */
export interface PlannedImage {
  key: string;
  width: number;
  height: number;
  svg: string;
}

/** A rate rule of a demo room (contracts/rates.ts), its price in cents. */
interface PlannedRate {
  kind: 'season' | 'weekdays';
  from?: string;
  to?: string;
  weekdays?: number[];
  priceCents: number;
}

interface PlannedRoom {
  name: RoomName;
  category: RoomCategory;
  priceCents: number;
  /** Its season or weekend rates (none for most rooms away from the coast and cities). */
  rates?: PlannedRate[];
  stock: number;
  /** Guests one unit sleeps (ROOM_CAPACITY). */
  capacity: number;
  description: string;
  images: string[];
  services: string[];
}

/** Guests a room sleeps by its kind: 1 to 4 across the catalogue. */
const ROOM_CAPACITY: Record<RoomName, number> = { single: 1, double: 2, suite: 3, family: 4 };

interface PlannedReview {
  name: string;
  rating: number;
  comment: string;
  verifiedStay: boolean;
  daysAgo: number;
}

interface PlannedHotel {
  name: string;
  nameKey: string;
  location: LocationRow;
  /** IANA time zone: every demo hotel is in Argentina. */
  timeZone: string;
  /** Percent added on the nights of its own events (the hotels hosting events have one). */
  eventNightPremiumPercent: number;
  address: string;
  qualification: number;
  description: string;
  images: string[];
  rooms: PlannedRoom[];
  services: { name: string; description: string; images: string[] }[];
  reviews: PlannedReview[];
}

interface PlannedEvent {
  name: string;
  hotel: string;
  date: string;
  time: string;
  description: string;
  images: string[];
}

export interface DemoPlan {
  locations: LocationRow[];
  images: PlannedImage[];
  roomServices: { name: string; images: string[] }[];
  hotels: PlannedHotel[];
  events: PlannedEvent[];
}

/** 'Hotel Cumbre del Código' → 'hotel-cumbre-del-codigo'. */
function slug(text: string): string {
  return searchKey(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const ROOM_VARIANTS = 4;
const SERVICE_CARD_VARIANTS = 2;
/** Window views of the room pictures, one per variant. */
const ROOM_VIEWS: readonly Scenery[] = [
  { mountains: 'snow', water: 'lake' },
  { skyline: true },
  { water: 'sea' },
  { mountains: 'green' },
];

/** The demo hotels' time zone (Argentina keeps one time, UTC−3, without daylight saving). */
export const DEMO_TIME_ZONE = HOTEL_TIME_ZONE_DEFAULT;

/** `today` is the demo hotels' calendar date (in DEMO_TIME_ZONE): events are dated from it. */
export function buildDemoPlan(today: string): DemoPlan {
  const images = new Map<string, PlannedImage>();
  const addImage = (image: PlannedImage) => {
    if (!images.has(image.key)) images.set(image.key, image);
    return image.key;
  };

  const locations = locationRows();
  const locationOf = (seed: HotelSeed): LocationRow => {
    const city = CITIES[seed.city];
    const found = locations.find(
      (l) => l.state === city.state && l.department === city.department && l.city === city.city,
    );
    if (!found) throw new Error(`No location ${city.city}, ${city.department}, ${city.state}`);
    return found;
  };

  const roomServices = ROOM_SERVICES.map((s) => ({
    name: s.name,
    images: [
      addImage({
        key: `icon-${slug(s.name)}`,
        ...ICON_SIZE,
        svg: roomServiceIconSvg(s.icon, s.colour),
      }),
    ],
  }));

  const roomImage = (name: RoomName, category: RoomCategory, variant: number) =>
    addImage({
      key: `room-${name}-${category}-${variant + 1}`,
      ...ROOM_SIZE,
      svg: roomSvg({
        seed: `room:${name}:${category}:${variant}`,
        name,
        category,
        scenery: ROOM_VIEWS[variant % ROOM_VIEWS.length] ?? {},
      }),
    });

  const hotels = HOTELS.map((seed): PlannedHotel => {
    // Drawn and numbered from the name as first written, lower-cased: the demo's pictures,
    // prices and stock stay the same whatever the capitals of its names.
    const drawn = seed.name.toLowerCase();
    const rng = createRng(`hotel:${drawn}`);
    const city = CITIES[seed.city];
    const sign = initials(seed.name);
    const look = hotelLook(drawn, seed.style, sign);
    const hotelSlug = slug(seed.name);
    const firstTime = rng.pick<TimeOfDay>(['day', 'day', 'golden', 'dusk']);
    const secondTime = rng.pick<TimeOfDay>(
      (['night', 'dusk', 'golden', 'day'] as const).filter((t) => t !== firstTime),
    );
    const hotelImages = [
      addImage({
        key: `facade-${hotelSlug}-1`,
        ...FACADE_SIZE,
        svg: facadeSvg({
          seed: `${drawn}:1`,
          look,
          scenery: city.scenery,
          time: firstTime,
          zoom: 1,
        }),
      }),
      addImage({
        key: `facade-${hotelSlug}-2`,
        ...FACADE_SIZE,
        svg: facadeSvg({
          seed: `${drawn}:2`,
          look,
          scenery: city.scenery,
          time: secondTime,
          zoom: 1.25,
        }),
      }),
      addImage({
        key: `lounge-${hotelSlug}`,
        ...LOUNGE_SIZE,
        svg: loungeSvg({
          seed: `${drawn}:3`,
          wall: look.wall,
          accent: look.accent,
          sign,
          scenery: city.scenery,
        }),
      }),
    ];

    const rooms = planRooms(seed, rng, roomImage);
    // The best room closes the hotel's gallery.
    const best = rooms[rooms.length - 1];
    if (best?.images[0]) hotelImages.push(best.images[0]);

    const services = planHotelServices(seed, rng).map((s) => ({
      ...s,
      images: [
        addImage({
          key: `service-${slug(s.name)}-${s.variant + 1}`,
          ...SERVICE_CARD_SIZE,
          svg: hotelServiceSvg(s.icon, s.colours, `service:${s.name.toLowerCase()}:${s.variant}`),
        }),
      ],
    }));

    return {
      name: seed.name,
      nameKey: searchKey(seed.name),
      location: locationOf(seed),
      timeZone: DEMO_TIME_ZONE,
      eventNightPremiumPercent: EVENTS.some((e) => e.hotel === seed.name) ? EVENT_NIGHT_PREMIUM : 0,
      address: seed.address,
      qualification: seed.qualification,
      description: hotelDescription(seed, rng),
      images: hotelImages,
      rooms: rooms.map((r) => ({ ...r, rates: planRates(city, r.priceCents, today) })),
      services: services.map(({ name, description, images }) => ({ name, description, images })),
      reviews: planReviews(seed, rng),
    };
  });

  const hotelNames = new Set(hotels.map((h) => h.name));
  const eventRng = createRng('events');
  const n = EVENTS.length;
  const offsets = eventRng.shuffle(
    EVENTS.map((_, i) =>
      Math.min(
        180,
        Math.max(3, 3 + Math.round((i * 177) / Math.max(1, n - 1)) + eventRng.int(-2, 2)),
      ),
    ),
  );
  const events = EVENTS.map((e, i): PlannedEvent => {
    if (!hotelNames.has(e.hotel)) throw new Error(`Event ${e.name}: no hotel ${e.hotel}`);
    const mark = initials(e.name);
    const eventImages = [
      addImage({
        key: `event-${slug(e.name)}-1`,
        ...POSTER_SIZE,
        svg: posterSvg({ seed: `event:${e.name.toLowerCase()}`, kind: e.kind, initials: mark }),
      }),
    ];
    if (i % 2 === 0) {
      eventImages.push(
        addImage({
          key: `event-${slug(e.name)}-2`,
          ...POSTER_SIZE,
          svg: venueSvg({ seed: `venue:${e.name.toLowerCase()}`, kind: e.kind, initials: mark }),
        }),
      );
    }
    return {
      name: e.name,
      hotel: e.hotel,
      date: addDays(today, offsets[i] ?? 3),
      time: e.time,
      description: e.description,
      images: eventImages,
    };
  });

  return { locations, images: [...images.values()], roomServices, hotels, events };
}

// ── Rates

/** The premium of the hotels hosting events, in percent. */
const EVENT_NIGHT_PREMIUM = 20;
/** Patagonia's provinces: their summer is their season. */
const PATAGONIA = new Set([
  'Río Negro',
  'Neuquén',
  'Chubut',
  'Santa Cruz',
  'Tierra del Fuego, Antártida e Islas del Atlántico Sur',
]);

/** A price raised by `percent`, in whole dollars within a room's range. */
function raised(priceCents: number, percent: number): number {
  return Math.min(PRICE_MAX * 100, Math.round((priceCents * (100 + percent)) / 10_000) * 100);
}

/**
 * The demo's rates: on the coast and in Patagonia, January and February (of this summer, if
 * not over, and the next) cost 40% more; in cities, Friday and Saturday nights 25% more.
 */
function planRates(
  city: { state: string; scenery: Scenery },
  priceCents: number,
  today: string,
): PlannedRate[] {
  const rates: PlannedRate[] = [];
  if (city.scenery.water === 'sea' || PATAGONIA.has(city.state)) {
    const year = Number(today.slice(0, 4));
    for (const y of [year, year + 1]) {
      const to = addDays(`${y}-03-01`, -1);
      if (to >= today)
        rates.push({ kind: 'season', from: `${y}-01-01`, to, priceCents: raised(priceCents, 40) });
    }
  }
  if (city.scenery.skyline) {
    rates.push({ kind: 'weekdays', weekdays: [5, 6], priceCents: raised(priceCents, 25) });
  }
  return rates.filter((r) => r.priceCents !== priceCents);
}

// ── Hotels

const AMENITIES: readonly string[] = [
  'Every room has symmetric fibre, about {mbps} Mbps measured at the desk, plus a wired port for calls that cannot drop.',
  'The coworking floor is open 24/7 with {desks} desks, external monitors and phone booths for interviews.',
  'Rooms on the quiet side have blackout curtains, acoustic windows and a height-adjustable desk.',
  'The front desk lends USB-C chargers, HDMI adapters, webcams and spare mechanical keyboards.',
  'Breakfast starts at 6 a.m. for early stand-ups, and the café pours specialty coffee all day.',
  'A backup generator and two independent uplinks keep guests online through storms and power cuts.',
  'Ergonomic chairs in every room; dual monitors and standing desks on request.',
  'Monthly meetups and a guest chat group connect visitors with the local tech community.',
  'Long-stay rates for remote workers include laundry, a reserved desk and a locker.',
  'Printers, a 3D printer and a small electronics bench are free to use in the business centre.',
];

const CLOSINGS: Record<number, string> = {
  5: 'Five-star service, with a concierge who knows which cafés have the best wifi in town.',
  4: 'Comfortable, quiet and reliable: a favourite of visiting engineering teams.',
  3: 'Good value for focused work trips, with everything a developer needs.',
  2: 'Simple and friendly, with the essentials done right and a lively common room.',
  1: 'Basic and budget-friendly, with a fast connection.',
};

function hotelDescription(seed: HotelSeed, rng: Rng): string {
  const city = CITIES[seed.city];
  const amenities = rng
    .sample(AMENITIES, seed.qualification >= 4 ? 3 : 2)
    .map((a) =>
      a
        .replace('{mbps}', String(rng.pick([600, 800, 900, 940])))
        .replace('{desks}', String(rng.int(12, 60))),
    );
  const text = [
    seed.hook,
    `Located ${city.setting}.`,
    ...amenities,
    CLOSINGS[seed.qualification] ?? '',
  ].join(' ');
  return text.trim();
}

// ── Rooms

const PRICE_RANGES: Record<RoomName, readonly [number, number]> = {
  single: [35, 80],
  double: [55, 130],
  family: [80, 180],
  suite: [140, 320],
};
const CATEGORY_PRICE: Record<RoomCategory, number> = {
  standard: 1,
  premium: 1.6,
  presidential: 2.8,
};
const STOCK_RANGES: Record<RoomName, readonly [number, number]> = {
  single: [2, 20],
  double: [4, 30],
  family: [1, 10],
  suite: [1, 6],
};
const BEDS: Record<RoomName, string> = {
  single: 'A compact single room with a firm single bed and a full-size desk by the window',
  double: 'A double room with a queen-size bed and a proper work corner',
  family:
    'A family room with a double bed, a bunk bed for two children and a desk for the grown-ups',
  suite: 'A suite with a king-size bed, a lounge area with a sofa and a separate workspace',
};
const FINISH: Record<RoomCategory, string> = {
  standard: 'Simple, bright and practical for work trips.',
  premium: 'Premium finishes, a wood-panelled wall and better sound insulation.',
  presidential: 'Our finest: hand-picked furniture, a dressing room and butler service on request.',
};

function roomDescription(
  seed: HotelSeed,
  name: RoomName,
  category: RoomCategory,
  services: string[],
) {
  const scenery = CITIES[seed.city].scenery;
  const view =
    scenery.water === 'sea'
      ? 'the sea'
      : scenery.water === 'lake'
        ? 'the lake'
        : scenery.mountains
          ? 'the mountains'
          : scenery.jungle
            ? 'the forest'
            : 'the city';
  const text = `${BEDS[name]}, with views of ${view}. ${FINISH[category]} In the room: ${services.join(', ').toLowerCase()}.`;
  return text.length <= ROOM_DESCRIPTION_MAX ? text : `${text.slice(0, ROOM_DESCRIPTION_MAX - 1)}…`;
}

function planRooms(
  seed: HotelSeed,
  rng: Rng,
  roomImage: (name: RoomName, category: RoomCategory, variant: number) => string,
): PlannedRoom[] {
  const q = seed.qualification;
  const count = q <= 2 ? rng.int(2, 3) : q === 3 ? rng.int(3, 4) : rng.int(3, 5);
  const categories: RoomCategory[] =
    q <= 2
      ? ['standard']
      : q === 3
        ? ['standard', 'premium']
        : ['standard', 'premium', 'presidential'];
  const names: RoomName[] =
    q <= 2 ? ['single', 'double', 'family'] : ['single', 'double', 'family', 'suite'];
  const combos: { name: RoomName; category: RoomCategory }[] = [];
  for (const name of names) for (const category of categories) combos.push({ name, category });
  // Cheapest first, so the last room is the hotel's best.
  const chosen = rng
    .sample(combos, count)
    .sort(
      (a, b) =>
        CATEGORY_PRICE[a.category] - CATEGORY_PRICE[b.category] ||
        names.indexOf(a.name) - names.indexOf(b.name),
    );

  // One base price per room name for the hotel, so a better category always costs more.
  const base = Object.fromEntries(
    names.map((name) => [name, rng.float(PRICE_RANGES[name][0], PRICE_RANGES[name][1])]),
  ) as Record<RoomName, number>;
  return chosen.map(({ name, category }) => {
    const dollars = Math.round(base[name] * CATEGORY_PRICE[category] * (0.6 + 0.12 * q));
    const price = Math.min(PRICE_MAX, Math.max(PRICE_MIN, dollars));
    const [sLo, sHi] = STOCK_RANGES[name];
    const stock = Math.min(
      STOCK_MAX,
      Math.max(STOCK_MIN, category === 'presidential' ? rng.int(1, 2) : rng.int(sLo, sHi)),
    );
    const index = ['standard', 'premium', 'presidential'].indexOf(category);
    const services = ROOM_SERVICES.filter((s) => rng.chance(s.odds[index] ?? 0)).map((s) => s.name);
    const variants = rng.sample([...Array(ROOM_VARIANTS).keys()], rng.int(1, 3));
    return {
      name,
      category,
      priceCents: price * 100,
      stock,
      capacity: ROOM_CAPACITY[name],
      description: roomDescription(seed, name, category, services),
      images: variants.map((v) => roomImage(name, category, v)),
      services,
    };
  });
}

// ── Hotel services

function planHotelServices(seed: HotelSeed, rng: Rng) {
  const [coworking, ...others] = HOTEL_SERVICES;
  if (!coworking) return [];
  const count = seed.qualification >= 4 ? rng.int(3, 4) : rng.int(2, 3);
  const picked = [coworking, ...rng.sample(others, count - 1)];
  return picked.map((s) => ({
    name: s.name,
    icon: s.icon,
    colours: s.colours,
    variant: rng.int(0, SERVICE_CARD_VARIANTS - 1),
    description: rng.pick(s.descriptions).replace('{n}', String(rng.int(s.n[0], s.n[1]))),
  }));
}

// ── Reviews

function planReviews(seed: HotelSeed, rng: Rng): PlannedReview[] {
  if (rng.chance(0.12)) return [];
  const q = seed.qualification;
  const ratings = q >= 4 ? [5, 5, 5, 4, 4, 3] : q === 3 ? [5, 4, 4, 3, 3, 2] : [4, 3, 3, 2, 2, 1];
  return rng.sample(REVIEWERS, rng.int(1, 6)).map((name) => {
    const rating = rng.pick(ratings);
    const mood = rating === 5 ? 'great' : rating === 4 ? 'good' : rating === 3 ? 'mixed' : 'poor';
    return {
      name,
      rating,
      comment: rng.pick(COMMENTS[mood]),
      verifiedStay: rng.chance(0.55),
      daysAgo: rng.int(2, 420),
    };
  });
}
