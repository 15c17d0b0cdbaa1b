import type { HotelRef } from '@devstay/shared/contracts/users';
import { capitalize } from '@devstay/shared/text';
import { Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  useEditableEvents,
  useEditableHotel,
  useEditableHotelServices,
  useEditableRoomServices,
  useEditableRooms,
} from '../api/content-api.ts';
import { eventOptionLabel, recordOptions, roomOptionLabel } from '../utils/picker-options.ts';
import {
  eventDraft,
  hotelDraft,
  hotelServiceDraft,
  roomDraft,
  roomServiceDraft,
} from '../utils/record-drafts.ts';
import { EventForm } from './event-form.tsx';
import { HotelField } from './hotel-field.tsx';
import { HotelForm } from './hotel-form.tsx';
import type { ImageSlot } from './image-slot.ts';
import { RecordPicker } from './record-picker.tsx';
import { RoomForm } from './room-form.tsx';
import { HotelServiceForm, RoomServiceForm } from './service-forms.tsx';

interface ModifyProps {
  /** An admin's own hotel (fixed); null for the superAdmin, who picks any hotel. */
  fixedHotel: HotelRef | null;
  images: ImageSlot;
}

/**
 * The hotel whose records a modify form lists: the admin's, or the one the superAdmin picks.
 * `label` tells it apart from the form's own Hotel field below (a room can move hotels).
 */
function useHotelScope(fixedHotel: HotelRef | null, label = 'Hotel') {
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const id = fixedHotel?.id ?? picked?.id ?? null;
  const current = fixedHotel ? capitalize(fixedHotel.name) : (picked?.label ?? '');
  const field = (
    <HotelField
      label={label}
      fixed={fixedHotel}
      value={id}
      onChange={(hotel, hotelLabel) =>
        setPicked(hotel === null ? null : { id: hotel, label: hotelLabel })
      }
      currentLabel={current}
    />
  );
  return { id, label: current, field };
}

/** The picked record of a list, by id; it is gone when the list no longer holds it. */
function usePicked<T extends { id: number }>(records: readonly T[] | undefined) {
  const [id, setId] = useState<string | null>(null);
  const record = records?.find((r) => String(r.id) === id) ?? null;
  return { id: record ? id : null, setId, record };
}

export function ModifyRoom({ fixedHotel, images }: ModifyProps) {
  const hotel = useHotelScope(fixedHotel, 'Rooms of hotel');
  const rooms = useEditableRooms(hotel.id);
  const picked = usePicked(rooms.data);
  const options = useMemo(() => recordOptions(rooms.data ?? [], roomOptionLabel), [rooms.data]);
  return (
    <>
      {hotel.field}
      <RecordPicker
        label="Room"
        placeholder={hotel.id === null ? 'Choose a hotel first' : 'Choose the room to modify'}
        options={options}
        value={picked.id}
        onChange={picked.setId}
        loading={rooms.isFetching && !rooms.data}
        failed={rooms.isError}
        disabled={hotel.id === null}
      />
      {picked.record ? (
        <RoomForm
          key={`${picked.record.id}-${picked.record.version}`}
          form="roomModify"
          fixedHotel={fixedHotel}
          initial={roomDraft(picked.record)}
          hotelLabel={hotel.label}
          images={images}
          onReload={() => void rooms.refetch()}
        />
      ) : null}
    </>
  );
}

export function ModifyEvent({ fixedHotel, images }: ModifyProps) {
  const hotel = useHotelScope(fixedHotel, 'Events of hotel');
  const events = useEditableEvents(hotel.id);
  const picked = usePicked(events.data);
  const options = useMemo(() => recordOptions(events.data ?? [], eventOptionLabel), [events.data]);
  return (
    <>
      {hotel.field}
      <RecordPicker
        label="Event"
        placeholder={hotel.id === null ? 'Choose a hotel first' : 'Choose the event to modify'}
        options={options}
        value={picked.id}
        onChange={picked.setId}
        loading={events.isFetching && !events.data}
        failed={events.isError}
        disabled={hotel.id === null}
      />
      {picked.record ? (
        <EventForm
          key={`${picked.record.id}-${picked.record.version}`}
          form="eventModify"
          fixedHotel={fixedHotel}
          initial={eventDraft(picked.record)}
          hotelLabel={hotel.label}
          images={images}
          onReload={() => void events.refetch()}
        />
      ) : null}
    </>
  );
}

export function ModifyHotelService({ fixedHotel, images }: ModifyProps) {
  const hotel = useHotelScope(fixedHotel, 'Services of hotel');
  const services = useEditableHotelServices(hotel.id);
  const picked = usePicked(services.data);
  const options = useMemo(
    () => recordOptions(services.data ?? [], (s) => capitalize(s.name)),
    [services.data],
  );
  return (
    <>
      {hotel.field}
      <RecordPicker
        label="Service"
        placeholder={hotel.id === null ? 'Choose a hotel first' : 'Choose the service to modify'}
        options={options}
        value={picked.id}
        onChange={picked.setId}
        loading={services.isFetching && !services.data}
        failed={services.isError}
        disabled={hotel.id === null}
      />
      {picked.record ? (
        <HotelServiceForm
          key={`${picked.record.id}-${picked.record.version}`}
          form="hotelServiceModify"
          fixedHotel={fixedHotel}
          initial={hotelServiceDraft(picked.record)}
          hotelLabel={hotel.label}
          images={images}
          onReload={() => void services.refetch()}
        />
      ) : null}
    </>
  );
}

export function ModifyRoomService({ images }: Pick<ModifyProps, 'images'>) {
  const services = useEditableRoomServices();
  const picked = usePicked(services.data);
  const options = useMemo(
    () => recordOptions(services.data ?? [], (s) => capitalize(s.name)),
    [services.data],
  );
  return (
    <>
      <RecordPicker
        label="Service"
        placeholder="Choose the service to modify"
        options={options}
        value={picked.id}
        onChange={picked.setId}
        loading={services.isPending}
        failed={services.isError}
      />
      {picked.record ? (
        <RoomServiceForm
          key={`${picked.record.id}-${picked.record.version}`}
          form="roomServiceModify"
          initial={roomServiceDraft(picked.record)}
          images={images}
          onReload={() => void services.refetch()}
        />
      ) : null}
    </>
  );
}

/** Modify hotel: the admin's own hotel is loaded at once; the superAdmin picks one first. */
export function ModifyHotel({ fixedHotel, images }: ModifyProps) {
  const hotel = useHotelScope(fixedHotel);
  const record = useEditableHotel(hotel.id);
  return (
    <>
      {hotel.field}
      {record.isError ? (
        <Text c="red.8" role="alert">
          The hotel could not be loaded.
        </Text>
      ) : null}
      {record.data ? (
        <HotelForm
          key={`${record.data.id}-${record.data.version}`}
          form="hotelModify"
          initial={hotelDraft(record.data)}
          images={images}
          onReload={() => void record.refetch()}
        />
      ) : null}
    </>
  );
}
