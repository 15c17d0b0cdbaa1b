/** The global catalogue of room services, and the kinds of services hotels offer. */

export type RoomServiceIcon =
  | 'wifi'
  | 'standing-desk'
  | 'dual-monitor'
  | 'chair'
  | 'coffee'
  | 'air'
  | 'tv'
  | 'minibar'
  | 'soundproof'
  | 'lamp';

export interface RoomServiceSeed {
  name: string;
  icon: RoomServiceIcon;
  /** Background colour of its icon. */
  colour: string;
  /** How likely a room of each category has it: standard, premium, presidential. */
  odds: readonly [number, number, number];
}

export const ROOM_SERVICES: readonly RoomServiceSeed[] = [
  { name: 'WiFi 1 Gbps', icon: 'wifi', colour: '#2563eb', odds: [1, 1, 1] },
  { name: 'Standing desk', icon: 'standing-desk', colour: '#0f766e', odds: [0.35, 0.7, 1] },
  { name: 'Dual monitor', icon: 'dual-monitor', colour: '#7c3aed', odds: [0.25, 0.75, 1] },
  { name: 'Ergonomic chair', icon: 'chair', colour: '#c2410c', odds: [0.55, 0.9, 1] },
  { name: 'Coffee machine', icon: 'coffee', colour: '#92400e', odds: [0.4, 0.8, 1] },
  { name: 'Air conditioning', icon: 'air', colour: '#0891b2', odds: [0.7, 0.95, 1] },
  { name: 'Smart TV', icon: 'tv', colour: '#334155', odds: [0.5, 0.8, 1] },
  { name: 'Minibar', icon: 'minibar', colour: '#be123c', odds: [0.2, 0.6, 1] },
  { name: 'Soundproofing', icon: 'soundproof', colour: '#4d7c0f', odds: [0.3, 0.65, 0.95] },
  { name: 'Workspace lamp', icon: 'lamp', colour: '#ca8a04', odds: [0.6, 0.85, 1] },
];

export type HotelServiceIcon =
  | 'coworking'
  | 'meeting'
  | 'cafeteria'
  | 'gym'
  | 'shuttle'
  | 'terrace'
  | 'bike'
  | 'phone-booth';

export interface HotelServiceSeed {
  name: string;
  icon: HotelServiceIcon;
  /** Two gradient colours of its picture. */
  colours: readonly [string, string];
  /** Description variants; {n} is replaced by a number drawn for the hotel. */
  descriptions: readonly string[];
  /** Range of {n}. */
  n: readonly [number, number];
}

export const HOTEL_SERVICES: readonly HotelServiceSeed[] = [
  {
    name: 'Coworking space',
    icon: 'coworking',
    colours: ['#0ea5e9', '#6366f1'],
    descriptions: [
      'Open 24/7 for guests: {n} desks with external monitors, ergonomic chairs, lockers and a dedicated fibre line separate from the guest network.',
      'A bright coworking floor with {n} hot desks, two quiet zones, whiteboards and USB-C docks at every seat. Day passes available for visiting teammates.',
    ],
    n: [12, 60],
  },
  {
    name: 'Meeting room',
    icon: 'meeting',
    colours: ['#f59e0b', '#ef4444'],
    descriptions: [
      'Bookable meeting room for up to {n} people with a 4K screen, a ceiling microphone array and a camera ready for hybrid calls.',
      'A glass-walled room for {n} with wall-to-wall whiteboards, wireless screen sharing and a coffee station; book it by the hour at the front desk.',
    ],
    n: [6, 24],
  },
  {
    name: '24h cafeteria',
    icon: 'cafeteria',
    colours: ['#a16207', '#f97316'],
    descriptions: [
      'Specialty coffee, medialunas and proper meals around the clock, for releases that go out at 3 a.m. Vegan and gluten-free options every day.',
      'Always open: espresso bar, sandwiches and hot dishes at any hour, with power outlets at every table.',
    ],
    n: [1, 1],
  },
  {
    name: 'Gym',
    icon: 'gym',
    colours: ['#16a34a', '#0d9488'],
    descriptions: [
      'A gym with treadmills, free weights and a stretching area, open from 6 a.m. to midnight, to undo the hours at the desk.',
      'Fitness room with {n} machines, yoga mats and a weekly posture class for people who sit all day.',
    ],
    n: [6, 20],
  },
  {
    name: 'Airport shuttle',
    icon: 'shuttle',
    colours: ['#1d4ed8', '#0891b2'],
    descriptions: [
      'Door-to-door shuttle to the airport every {n} minutes at peak times, with wifi on board so the last commit makes it before boarding.',
      'Scheduled airport transfers, bookable from your room; the van has wifi and power outlets.',
    ],
    n: [30, 90],
  },
  {
    name: 'Rooftop terrace',
    icon: 'terrace',
    colours: ['#db2777', '#f97316'],
    descriptions: [
      'A rooftop terrace with outdoor wifi, shaded tables and the best sunset in the area; the venue of after-meetup drinks.',
      'Open-air terrace with loungers, plants and weatherproof power sockets, for calls with a view.',
    ],
    n: [1, 1],
  },
  {
    name: 'Bike rental',
    icon: 'bike',
    colours: ['#65a30d', '#0891b2'],
    descriptions: [
      '{n} city bikes and helmets free for guests, with suggested routes to the tech parks and the best coffee shops.',
      'Bikes to borrow at the front desk, with locks, lights and a map of the bike lanes.',
    ],
    n: [6, 20],
  },
  {
    name: 'Phone booths',
    icon: 'phone-booth',
    colours: ['#7c3aed', '#db2777'],
    descriptions: [
      '{n} soundproof phone booths with a desk, a ring light and a fast wired connection, for interviews and calls without the echo.',
      'Acoustic booths for private calls, bookable in 30-minute slots, each with a wired port and a monitor.',
    ],
    n: [2, 8],
  },
];
