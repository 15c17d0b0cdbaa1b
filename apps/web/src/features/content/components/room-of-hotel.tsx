import type { EditableRoom } from '@devstay/shared/contracts/content';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { calendarDateIn } from '@devstay/shared/stay';
import { type ReactNode, useMemo, useState } from 'react';
import { useEditableHotel, useEditableRooms } from '../api/content-api.ts';
import { recordOptions, roomOptionLabel } from '../utils/picker-options.ts';
import { useHotelScope } from './modify-flows.tsx';
import { RecordPicker } from './record-picker.tsx';

/**
 * The hotel (fixed for an admin) and one of its rooms, then what a screen shows of that room
 * (its rates, its channels), given the hotel's today: a room's screen works in its hotel's dates.
 */
export function RoomOfHotel({
  fixedHotel,
  initialHotel,
  initialRoom = null,
  children,
}: {
  fixedHotel: HotelRef | null;
  /** The hotel picked at first, for the superAdmin (an address's `?hotel=`). */
  initialHotel?: number;
  /** The room picked at first (an address's `?room=`), as the picker's value. */
  initialRoom?: string | null;
  children: (room: EditableRoom, today: string) => ReactNode;
}) {
  const hotel = useHotelScope(fixedHotel, 'Rooms of hotel', initialHotel);
  const rooms = useEditableRooms(hotel.id);
  const [roomId, setRoomId] = useState<string | null>(initialRoom);
  const room = rooms.data?.find((r) => String(r.id) === roomId) ?? null;
  const options = useMemo(() => recordOptions(rooms.data ?? [], roomOptionLabel), [rooms.data]);
  const timeZone = useEditableHotel(hotel.id).data?.timeZone;
  return (
    <>
      {hotel.field}
      <RecordPicker
        label="Room"
        placeholder={hotel.id === null ? 'Choose a hotel first' : 'Choose the room'}
        options={options}
        value={room ? roomId : null}
        onChange={setRoomId}
        loading={rooms.isFetching && !rooms.data}
        failed={rooms.isError}
        disabled={hotel.id === null}
      />
      {room && timeZone ? children(room, calendarDateIn(timeZone)) : null}
    </>
  );
}
