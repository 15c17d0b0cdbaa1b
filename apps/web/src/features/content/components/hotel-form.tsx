import '@mantine/core/styles/Combobox.layer.css';
import {
  DESCRIPTION_MAX,
  HOTEL_TIME_ZONE_DEFAULT,
  QUALIFICATION_MAX,
  QUALIFICATION_MIN,
} from '@devstay/shared/constants';
import { Select, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { type Draft, useContentDraft } from '../hooks/use-content-draft.ts';
import { useSaveContent } from '../hooks/use-save-content.ts';
import { timeZoneOptions } from '../utils/picker-options.ts';
import { descriptionField, nameField, textField } from './field-props.ts';
import { FormFrame } from './form-frame.tsx';
import { type ImageSlot, imageList } from './image-slot.ts';
import { LocationFields } from './location-fields.tsx';
import { SliderField } from './slider-field.tsx';

export function emptyHotelDraft(): Draft {
  return {
    name: '',
    image: [],
    qualification: QUALIFICATION_MIN,
    description: '',
    address: '',
    state: '',
    department: '',
    idLocation: null,
    timeZone: HOTEL_TIME_ZONE_DEFAULT,
  };
}

interface HotelFormProps {
  form: 'hotelCreate' | 'hotelModify';
  initial: Draft;
  images: ImageSlot;
  onReload?: () => void;
}

/** Create hotel (superAdmin) and modify hotel: name, pictures, stars, description, address, place. */
export function HotelForm({ form, initial, images, onReload }: HotelFormProps) {
  const draft = useContentDraft(form, initial);
  const save = useSaveContent(form, draft);
  const e = draft.visibleErrors;
  const timeZone = typeof draft.draft.timeZone === 'string' ? draft.draft.timeZone : '';
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  return (
    <FormFrame
      onSubmit={save.submit}
      submitLabel={form === 'hotelCreate' ? 'Create' : 'Modify'}
      canSubmit={draft.canSubmit}
      saving={save.saving}
      stale={save.stale && onReload ? { message: save.stale, onReload } : null}
    >
      <TextInput label="Name" required autoComplete="off" {...nameField(draft, 'name')} />
      {images({
        label: 'Images',
        value: imageList(draft.draft.image),
        onChange: (update) => draft.update('image', (current) => update(imageList(current))),
        error: e.image,
      })}
      <SliderField
        label="Qualification"
        unit={['star', 'stars']}
        min={QUALIFICATION_MIN}
        max={QUALIFICATION_MAX}
        value={draft.draft.qualification}
        onChange={(value) => draft.set('qualification', value)}
        error={e.qualification}
      />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        required
        {...descriptionField(draft, 'description', DESCRIPTION_MAX)}
      />
      <TextInput label="Address" required autoComplete="off" {...textField(draft, 'address')} />
      <LocationFields
        state={draft.draft.state}
        department={draft.draft.department}
        idLocation={draft.draft.idLocation}
        onChange={(values) => draft.setMany(values)}
        errors={e}
      />
      <Select
        label="Time zone"
        description="The hotel's local time: its today (check-ins, event dates) follows it."
        data={zones}
        value={timeZone || null}
        onChange={(value) => draft.set('timeZone', value ?? '')}
        searchable
        required
        allowDeselect={false}
        nothingFoundMessage="No time zone matches"
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true }}
        error={e.timeZone}
        data-testid="time-zone-field"
      />
    </FormFrame>
  );
}
