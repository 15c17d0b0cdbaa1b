import { DESCRIPTION_MAX } from '@devstay/shared/constants';
import { eventDateLimits } from '@devstay/shared/contracts/content';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useEditableHotel } from '../api/content-api.ts';
import { type Draft, useContentDraft } from '../hooks/use-content-draft.ts';
import { DescriptionField, DraftHotelField, ImagesField, NameField, TextField } from './fields.tsx';
import { type ContentFormProps, FormFrame } from './form-frame.tsx';

export function emptyEventDraft(fixed: HotelRef | null): Draft<'eventCreate'> {
  return {
    name: '',
    idHotel: fixed?.id ?? null,
    date: '',
    time: '',
    image: [],
    description: '',
  };
}

/** Create and modify event (product §2.13): name, hotel, date, time, images, description. */
export function EventForm(props: ContentFormProps<'eventCreate' | 'eventModify'>) {
  // The chosen hotel's time zone: its dates run from that hotel's today, not the browser's.
  const [idHotel, setIdHotel] = useState(props.initial.idHotel);
  const timeZone = useEditableHotel(idHotel).data?.timeZone;
  const draft = useContentDraft(props.form, props.initial, timeZone);
  const limits = eventDateLimits(timeZone);
  return (
    <FormFrame draft={draft} onReload={props.onReload}>
      <NameField draft={draft} field="name" />
      <DraftHotelField
        draft={draft}
        fixed={props.fixedHotel}
        currentLabel={props.hotelLabel}
        onPick={setIdHotel}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField
          draft={draft}
          field="date"
          label="Date"
          type="date"
          min={limits.min}
          max={limits.max}
        />
        <TextField draft={draft} field="time" label="Time" type="time" />
      </SimpleGrid>
      <ImagesField draft={draft} slot={props.images} />
      <DescriptionField draft={draft} field="description" max={DESCRIPTION_MAX} />
    </FormFrame>
  );
}
