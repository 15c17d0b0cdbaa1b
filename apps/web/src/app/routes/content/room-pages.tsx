import { FormPage } from '../../../features/content/components/form-frame.tsx';
import { ModifyRoom } from '../../../features/content/components/modify-flows.tsx';
import { emptyRoomDraft, RoomForm } from '../../../features/content/components/room-form.tsx';
import { imageSlot, NoHotel, useContentScope } from './content-scope.tsx';

/** /home/createRooms (spec §2.13: title Rooms). */
export function CreateRoomsPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Rooms" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <RoomForm
          form="roomCreate"
          fixedHotel={scope.fixedHotel}
          initial={emptyRoomDraft(scope.fixedHotel)}
          images={imageSlot}
        />
      )}
    </FormPage>
  );
}

/** /home/ModifyRooms */
export function ModifyRoomsPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify room" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <ModifyRoom fixedHotel={scope.fixedHotel} images={imageSlot} />
      )}
    </FormPage>
  );
}
