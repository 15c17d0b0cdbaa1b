import type {
  ContentForm,
  EditableEvent,
  EditableHotelService,
  EditableRoom,
  EditableRoomService,
} from '@devstay/shared/contracts/content';
import type { ReactNode } from 'react';
import {
  useEditableEvents,
  useEditableHotelServices,
  useEditableRoomServices,
  useEditableRooms,
} from '../api/content-api.ts';
import { eventOptionLabel, roomOptionLabel } from '../utils/picker-options.ts';
import {
  eventDraft,
  hotelServiceDraft,
  roomDraft,
  roomServiceDraft,
} from '../utils/record-drafts.ts';
import { EventForm, emptyEventDraft } from './event-form.tsx';
import { emptyHotelDraft, HotelForm } from './hotel-form.tsx';
import { type EditorProps, ModifyHotel, ModifyRecord, type RecordSource } from './modify-flows.tsx';
import { emptyRoomDraft, RoomForm } from './room-form.tsx';
import {
  emptyHotelServiceDraft,
  emptyRoomServiceDraft,
  HotelServiceForm,
  RoomServiceForm,
} from './service-forms.tsx';

// What each modify flow lists, and the form that edits the picked record.

const ROOMS: RecordSource<EditableRoom> = {
  hotelScope: 'Rooms of hotel',
  useRecords: useEditableRooms,
  label: 'Room',
  what: 'room',
  optionLabel: roomOptionLabel,
  form: (room, props) => <RoomForm form="roomModify" initial={roomDraft(room)} {...props} />,
};

const EVENTS: RecordSource<EditableEvent> = {
  hotelScope: 'Events of hotel',
  useRecords: useEditableEvents,
  label: 'Event',
  what: 'event',
  optionLabel: eventOptionLabel,
  form: (event, props) => <EventForm form="eventModify" initial={eventDraft(event)} {...props} />,
};

const HOTEL_SERVICES: RecordSource<EditableHotelService> = {
  hotelScope: 'Services of hotel',
  useRecords: useEditableHotelServices,
  label: 'Service',
  what: 'service',
  optionLabel: (service) => service.name,
  form: (service, props) => (
    <HotelServiceForm form="hotelServiceModify" initial={hotelServiceDraft(service)} {...props} />
  ),
};

/** The catalogue of room services belongs to no hotel: no hotel to pick first. */
const ROOM_SERVICES: RecordSource<EditableRoomService> = {
  useRecords: () => useEditableRoomServices(),
  label: 'Service',
  what: 'service',
  optionLabel: (service) => service.name,
  form: (service, props) => (
    <RoomServiceForm form="roomServiceModify" initial={roomServiceDraft(service)} {...props} />
  ),
};

/** What each form's screen shows under its title: the empty form, or the modify flow. */
export const FORM_SCREENS: { [F in ContentForm]: (editor: EditorProps) => ReactNode } = {
  roomCreate: (editor) => (
    <RoomForm form="roomCreate" initial={emptyRoomDraft(editor.fixedHotel)} {...editor} />
  ),
  roomModify: (editor) => <ModifyRecord source={ROOMS} {...editor} />,
  hotelCreate: (editor) => <HotelForm form="hotelCreate" initial={emptyHotelDraft()} {...editor} />,
  hotelModify: (editor) => <ModifyHotel {...editor} />,
  eventCreate: (editor) => (
    <EventForm form="eventCreate" initial={emptyEventDraft(editor.fixedHotel)} {...editor} />
  ),
  eventModify: (editor) => <ModifyRecord source={EVENTS} {...editor} />,
  hotelServiceCreate: (editor) => (
    <HotelServiceForm
      form="hotelServiceCreate"
      initial={emptyHotelServiceDraft(editor.fixedHotel)}
      {...editor}
    />
  ),
  hotelServiceModify: (editor) => <ModifyRecord source={HOTEL_SERVICES} {...editor} />,
  roomServiceCreate: (editor) => (
    <RoomServiceForm form="roomServiceCreate" initial={emptyRoomServiceDraft()} {...editor} />
  ),
  roomServiceModify: (editor) => <ModifyRecord source={ROOM_SERVICES} {...editor} />,
};
