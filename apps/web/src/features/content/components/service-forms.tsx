import { DESCRIPTION_MAX } from '@devstay/shared/constants';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { Textarea, TextInput } from '@mantine/core';
import { type Draft, useContentDraft } from '../hooks/use-content-draft.ts';
import { useSaveContent } from '../hooks/use-save-content.ts';
import { descriptionField, nameField } from './field-props.ts';
import { FormFrame } from './form-frame.tsx';
import { HotelField } from './hotel-field.tsx';
import { type ImageSlot, imageList } from './image-slot.ts';

export function emptyHotelServiceDraft(fixed: HotelRef | null): Draft {
  return { idHotel: fixed?.id ?? null, name: '', image: [], description: '' };
}

export function emptyRoomServiceDraft(): Draft {
  return { name: '', image: [] };
}

interface HotelServiceFormProps {
  form: 'hotelServiceCreate' | 'hotelServiceModify';
  fixedHotel: HotelRef | null;
  initial: Draft;
  hotelLabel?: string;
  images: ImageSlot;
  onReload?: () => void;
}

/** Create and modify a hotel's own service: hotel, name, images, description. */
export function HotelServiceForm({
  form,
  fixedHotel,
  initial,
  hotelLabel,
  images,
  onReload,
}: HotelServiceFormProps) {
  const draft = useContentDraft(form, initial);
  const save = useSaveContent(form, draft);
  const e = draft.visibleErrors;
  return (
    <FormFrame
      onSubmit={save.submit}
      submitLabel={form === 'hotelServiceCreate' ? 'Create' : 'Modify'}
      canSubmit={draft.canSubmit}
      saving={save.saving}
      stale={save.stale && onReload ? { message: save.stale, onReload } : null}
    >
      <HotelField
        fixed={fixedHotel}
        value={typeof draft.draft.idHotel === 'number' ? draft.draft.idHotel : null}
        onChange={(id) => draft.set('idHotel', id)}
        currentLabel={hotelLabel}
        error={e.idHotel}
      />
      <TextInput label="Service name" required autoComplete="off" {...nameField(draft, 'name')} />
      {images({
        label: 'Images',
        value: imageList(draft.draft.image),
        onChange: (update) => draft.update('image', (current) => update(imageList(current))),
        error: e.image,
      })}
      <Textarea
        label="Description"
        autosize
        minRows={3}
        required
        {...descriptionField(draft, 'description', DESCRIPTION_MAX)}
      />
    </FormFrame>
  );
}

interface RoomServiceFormProps {
  form: 'roomServiceCreate' | 'roomServiceModify';
  initial: Draft;
  images: ImageSlot;
  onReload?: () => void;
}

/** Create and modify a room service of the catalogue every hotel's rooms pick from. */
export function RoomServiceForm({ form, initial, images, onReload }: RoomServiceFormProps) {
  const draft = useContentDraft(form, initial);
  const save = useSaveContent(form, draft);
  return (
    <FormFrame
      onSubmit={save.submit}
      submitLabel={form === 'roomServiceCreate' ? 'Create' : 'Modify'}
      canSubmit={draft.canSubmit}
      saving={save.saving}
      stale={save.stale && onReload ? { message: save.stale, onReload } : null}
    >
      <TextInput label="Service name" required autoComplete="off" {...nameField(draft, 'name')} />
      {images({
        label: 'Images',
        value: imageList(draft.draft.image),
        onChange: (update) => draft.update('image', (current) => update(imageList(current))),
        error: draft.visibleErrors.image,
      })}
    </FormFrame>
  );
}
