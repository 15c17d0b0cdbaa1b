import { FormPage } from '../../../features/content/components/form-frame.tsx';
import { emptyHotelDraft, HotelForm } from '../../../features/content/components/hotel-form.tsx';
import { ModifyHotel } from '../../../features/content/components/modify-flows.tsx';
import { imageSlot, NoHotel, SUPER_ADMIN_FORMS, useContentScope } from './content-scope.tsx';

/** /home/createHotels (superAdmin; spec §2.13: title Hotel, Back to the superAdmin's forms). */
export function CreateHotelPage() {
  return (
    <FormPage title="Hotel" back={SUPER_ADMIN_FORMS}>
      <HotelForm form="hotelCreate" initial={emptyHotelDraft()} images={imageSlot} />
    </FormPage>
  );
}

/** /home/ModifyHotel: an admin modifies their own hotel, the superAdmin any hotel. */
export function ModifyHotelPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify hotel" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <ModifyHotel fixedHotel={scope.fixedHotel} images={imageSlot} />
      )}
    </FormPage>
  );
}
