// The content screens (product §2.12, §2.13) as one table: the route table makes a route of each
// row, the forms pages a button of each, the content chunk a page. Light on purpose: the route
// table imports it on the first load (strings only; the forms come with the chunk).
import type { Role } from '@devstay/shared/constants';
import type { ContentForm } from '@devstay/shared/contracts/content';
import { paths } from '@devstay/shared/paths';

/** The cards of the forms pages, in their order: each lists its screens' buttons. */
export const FORM_CARDS = [
  'Hotels',
  'Rooms',
  'Services Hotels',
  'Services Rooms',
  'Events',
] as const;
export type FormCard = (typeof FORM_CARDS)[number];

/** A screen a card of the forms pages opens. */
export interface CardScreen {
  path: string;
  /** The page's heading (product §2.13's titles for the create forms). */
  title: string;
  /** The card and button that open it: 'Create Rooms', 'Modify Events'. */
  card: FormCard;
  action: 'Create' | 'Modify' | 'Rates' | 'Channels';
  /** Who may open it (product §6); the forms pages show the others its button disabled. */
  roles: readonly Role[];
}

/** A screen of one content form. */
export interface ContentScreen extends CardScreen {
  form: ContentForm;
}

const STAFF: readonly Role[] = ['admin', 'superAdmin'];
/** Hotels and the room services' catalogue are the superAdmin's alone (product §6). */
const SUPER: readonly Role[] = ['superAdmin'];

/** The ten forms; an admin's are fixed to their own hotel. Within a card: Create, then Modify. */
export const CONTENT_SCREENS: readonly ContentScreen[] = [
  {
    path: paths.content.createHotels,
    title: 'Hotel',
    form: 'hotelCreate',
    card: 'Hotels',
    action: 'Create',
    roles: SUPER,
  },
  {
    path: paths.content.modifyHotel,
    title: 'Modify hotel',
    form: 'hotelModify',
    card: 'Hotels',
    action: 'Modify',
    roles: STAFF,
  },
  {
    path: paths.content.createRooms,
    title: 'Rooms',
    form: 'roomCreate',
    card: 'Rooms',
    action: 'Create',
    roles: STAFF,
  },
  {
    path: paths.content.modifyRooms,
    title: 'Modify room',
    form: 'roomModify',
    card: 'Rooms',
    action: 'Modify',
    roles: STAFF,
  },
  {
    path: paths.content.createHotelServices,
    title: 'Services Hotels',
    form: 'hotelServiceCreate',
    card: 'Services Hotels',
    action: 'Create',
    roles: STAFF,
  },
  {
    path: paths.content.modifyHotelServices,
    title: 'Modify hotel service',
    form: 'hotelServiceModify',
    card: 'Services Hotels',
    action: 'Modify',
    roles: STAFF,
  },
  {
    path: paths.content.createRoomServices,
    title: 'Services Rooms',
    form: 'roomServiceCreate',
    card: 'Services Rooms',
    action: 'Create',
    roles: SUPER,
  },
  {
    path: paths.content.modifyRoomServices,
    title: 'Modify room service',
    form: 'roomServiceModify',
    card: 'Services Rooms',
    action: 'Modify',
    roles: SUPER,
  },
  {
    path: paths.content.createEvents,
    title: 'Events',
    form: 'eventCreate',
    card: 'Events',
    action: 'Create',
    roles: STAFF,
  },
  {
    path: paths.content.modifyEvents,
    title: 'Modify event',
    form: 'eventModify',
    card: 'Events',
    action: 'Modify',
    roles: STAFF,
  },
];

/** A room's nightly rates: opened from the Rooms card, beside its forms; staff only. */
export const ROOM_RATES_SCREEN: CardScreen = {
  path: paths.content.roomRates,
  title: 'Room rates',
  card: 'Rooms',
  action: 'Rates',
  roles: STAFF,
};

/** A room's channels (calendar sync): opened from the Rooms card, beside its rates; staff only. */
export const ROOM_CHANNELS_SCREEN: CardScreen = {
  path: paths.content.roomChannels,
  title: 'Room channels',
  card: 'Rooms',
  action: 'Channels',
  roles: STAFF,
};

/** Every screen of the cards, in the order of their buttons. */
export const CARD_SCREENS: readonly CardScreen[] = [
  ...CONTENT_SCREENS,
  ROOM_RATES_SCREEN,
  ROOM_CHANNELS_SCREEN,
];

export interface FormsPage {
  path: string;
  /** The one role whose forms page it is: the screens' roles say which buttons it enables. */
  role: Role;
}

/** The two forms pages (product §2.12): the admin's and the superAdmin's. */
export const FORMS_PAGES: readonly FormsPage[] = [
  { path: paths.adminForms, role: 'admin' },
  { path: paths.superAdminForms, role: 'superAdmin' },
];
