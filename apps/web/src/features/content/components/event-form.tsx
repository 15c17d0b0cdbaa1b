import { DESCRIPTION_MAX } from '@devstay/shared/constants';
import { eventDateLimits } from '@devstay/shared/contracts/content';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useEditableHotel } from '../api/content-api.ts';
import { type Draft, useContentDraft } from '../hooks/use-content-draft.ts';
import { useSaveContent } from '../hooks/use-save-content.ts';
import { descriptionField, nameField, textField } from './field-props.ts';
import { FormFrame } from './form-frame.tsx';
import { HotelField } from './hotel-field.tsx';
import { type ImageSlot, imageList } from './image-slot.ts';

export function emptyEventDraft(fixed: HotelRef | null): Draft {
  return {
    name: '',
    idHotel: fixed?.id ?? null,
    date: '',
    time: '',
    image: [],
    description: '',
  };
}

interface EventFormProps {
  form: 'eventCreate' | 'eventModify';
  fixedHotel: HotelRef | null;
  initial: Draft;
  hotelLabel?: string;
  images: ImageSlot;
  onReload?: () => void;
}

/** Create and modify event (spec §2.13): name, hotel, date, time, images, description. */
export function EventForm({
  form,
  fixedHotel,
  initial,
  hotelLabel,
  images,
  onReload,
}: EventFormProps) {
  // The chosen hotel's time zone: its dates run from that hotel's today, not the browser's.
  const [idHotel, setIdHotel] = useState(() =>
    typeof initial.idHotel === 'number' ? initial.idHotel : null,
  );
  const timeZone = useEditableHotel(idHotel).data?.timeZone;
  const draft = useContentDraft(form, initial, timeZone);
  const save = useSaveContent(form, draft);
  const limits = eventDateLimits(timeZone);
  const e = draft.visibleErrors;
  return (
    <FormFrame
      onSubmit={save.submit}
      submitLabel={form === 'eventCreate' ? 'Create' : 'Modify'}
      canSubmit={draft.canSubmit}
      saving={save.saving}
      stale={save.stale && onReload ? { message: save.stale, onReload } : null}
    >
      <TextInput label="Name" required autoComplete="off" {...nameField(draft, 'name')} />
      <HotelField
        fixed={fixedHotel}
        value={typeof draft.draft.idHotel === 'number' ? draft.draft.idHotel : null}
        onChange={(id) => {
          draft.set('idHotel', id);
          setIdHotel(id);
        }}
        currentLabel={hotelLabel}
        error={e.idHotel}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Date"
          type="date"
          required
          min={limits.min}
          max={limits.max}
          {...textField(draft, 'date')}
        />
        <TextInput label="Time" type="time" required {...textField(draft, 'time')} />
      </SimpleGrid>
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
