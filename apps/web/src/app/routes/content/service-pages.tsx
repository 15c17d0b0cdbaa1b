import { FormPage } from '../../../features/content/components/form-frame.tsx';
import {
  ModifyHotelService,
  ModifyRoomService,
} from '../../../features/content/components/modify-flows.tsx';
import {
  emptyHotelServiceDraft,
  emptyRoomServiceDraft,
  HotelServiceForm,
  RoomServiceForm,
} from '../../../features/content/components/service-forms.tsx';
import { imageSlot, NoHotel, useContentScope } from './content-scope.tsx';

/** /home/createServRooms (superAdmin: one catalogue of room services for every hotel). */
export function CreateRoomServicePage() {
  const scope = useContentScope();
  return (
    <FormPage title="Services Rooms" back={scope.back}>
      <RoomServiceForm
        form="roomServiceCreate"
        initial={emptyRoomServiceDraft()}
        images={imageSlot}
      />
    </FormPage>
  );
}

/** /home/modifyServRooms */
export function ModifyRoomServicePage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify room service" back={scope.back}>
      <ModifyRoomService images={imageSlot} />
    </FormPage>
  );
}

/** /home/createServHotels (spec §2.13: title Services Hotels). */
export function CreateHotelServicePage() {
  const scope = useContentScope();
  return (
    <FormPage title="Services Hotels" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <HotelServiceForm
          form="hotelServiceCreate"
          fixedHotel={scope.fixedHotel}
          initial={emptyHotelServiceDraft(scope.fixedHotel)}
          images={imageSlot}
        />
      )}
    </FormPage>
  );
}

/** /home/modifyServHotels */
export function ModifyHotelServicePage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify hotel service" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <ModifyHotelService fixedHotel={scope.fixedHotel} images={imageSlot} />
      )}
    </FormPage>
  );
}
