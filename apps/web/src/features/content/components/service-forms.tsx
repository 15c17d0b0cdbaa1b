import { DESCRIPTION_MAX } from '@devstay/shared/constants';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { type Draft, useContentDraft } from '../hooks/use-content-draft.ts';
import { DescriptionField, DraftHotelField, ImagesField, NameField } from './fields.tsx';
import { type ContentFormProps, FormFrame } from './form-frame.tsx';

export function emptyHotelServiceDraft(fixed: HotelRef | null): Draft<'hotelServiceCreate'> {
  return { idHotel: fixed?.id ?? null, name: '', image: [], description: '' };
}

export function emptyRoomServiceDraft(): Draft<'roomServiceCreate'> {
  return { name: '', image: [] };
}

/** Create and modify a hotel's own service: hotel, name, images, description. */
export function HotelServiceForm({
  form,
  fixedHotel,
  initial,
  hotelLabel,
  images,
  onReload,
}: ContentFormProps<'hotelServiceCreate' | 'hotelServiceModify'>) {
  const draft = useContentDraft(form, initial);
  return (
    <FormFrame draft={draft} onReload={onReload}>
      <DraftHotelField draft={draft} fixed={fixedHotel} currentLabel={hotelLabel} />
      <NameField draft={draft} field="name" label="Service name" />
      <ImagesField draft={draft} slot={images} />
      <DescriptionField draft={draft} field="description" max={DESCRIPTION_MAX} />
    </FormFrame>
  );
}

/** Create and modify a room service of the catalogue every hotel's rooms pick from. */
export function RoomServiceForm({
  form,
  initial,
  images,
  onReload,
}: ContentFormProps<'roomServiceCreate' | 'roomServiceModify'>) {
  const draft = useContentDraft(form, initial);
  return (
    <FormFrame draft={draft} onReload={onReload}>
      <NameField draft={draft} field="name" label="Service name" />
      <ImagesField draft={draft} slot={images} />
    </FormFrame>
  );
}
