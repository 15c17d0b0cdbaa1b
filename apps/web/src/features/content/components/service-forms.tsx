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
export function HotelServiceForm(
  props: ContentFormProps<'hotelServiceCreate' | 'hotelServiceModify'>,
) {
  const draft = useContentDraft(props.form, props.initial);
  return (
    <FormFrame draft={draft} onReload={props.onReload}>
      <DraftHotelField draft={draft} fixed={props.fixedHotel} currentLabel={props.hotelLabel} />
      <NameField draft={draft} field="name" label="Service name" />
      <ImagesField draft={draft} slot={props.images} />
      <DescriptionField draft={draft} field="description" max={DESCRIPTION_MAX} />
    </FormFrame>
  );
}

/** Create and modify a room service of the catalogue every hotel's rooms pick from. */
export function RoomServiceForm(
  props: ContentFormProps<'roomServiceCreate' | 'roomServiceModify'>,
) {
  const draft = useContentDraft(props.form, props.initial);
  return (
    <FormFrame draft={draft} onReload={props.onReload}>
      <NameField draft={draft} field="name" label="Service name" />
      <ImagesField draft={draft} slot={props.images} />
    </FormFrame>
  );
}
