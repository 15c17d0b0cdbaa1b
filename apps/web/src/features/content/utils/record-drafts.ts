import type {
  EditableEvent,
  EditableHotel,
  EditableHotelService,
  EditableRoom,
  EditableRoomService,
  ImageRefInput,
} from '@devstay/shared/contracts/content';
import type { Draft } from '../hooks/use-content-draft.ts';

/** A stored picture as a form sends it back: its url and public_id only. */
function refs(images: readonly { url: string; public_id: string }[]): ImageRefInput[] {
  return images.map(({ url, public_id }) => ({ url, public_id }));
}

// The drafts of the modify forms, from the records the pickers loaded (with their versions).

export function roomDraft(room: EditableRoom): Draft<'roomModify'> {
  return {
    id: room.id,
    idHotel: room.idHotel,
    name: room.name,
    image: refs(room.image),
    price: room.price,
    description: room.description,
    category: room.category,
    services: room.services,
    stock: room.stock,
    capacity: room.capacity,
    version: room.version,
  };
}

export function hotelDraft(hotel: EditableHotel): Draft<'hotelModify'> {
  return {
    id: hotel.id,
    name: hotel.name,
    image: refs(hotel.image),
    qualification: hotel.qualification,
    description: hotel.description,
    address: hotel.address,
    state: hotel.state,
    department: hotel.department,
    idLocation: hotel.idLocation,
    timeZone: hotel.timeZone,
    freeCancellationDays: hotel.freeCancellationDays,
    eventNightPremiumPercent: hotel.eventNightPremiumPercent,
    version: hotel.version,
  };
}

export function eventDraft(event: EditableEvent): Draft<'eventModify'> {
  return {
    id: event.id,
    name: event.name,
    idHotel: event.idHotel,
    date: event.date,
    time: event.time,
    image: refs(event.image),
    description: event.description,
    version: event.version,
  };
}

export function hotelServiceDraft(service: EditableHotelService): Draft<'hotelServiceModify'> {
  return {
    id: service.id,
    idHotel: service.idHotel,
    name: service.name,
    image: refs(service.image),
    description: service.description,
    version: service.version,
  };
}

export function roomServiceDraft(service: EditableRoomService): Draft<'roomServiceModify'> {
  return {
    id: service.id,
    name: service.name,
    image: refs(service.image),
    version: service.version,
  };
}
