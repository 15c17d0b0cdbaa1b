import {
  DESCRIPTION_MAX,
  FREE_CANCELLATION_DAYS_DEFAULT,
  HOTEL_TIME_ZONE_DEFAULT,
  QUALIFICATION_MIN,
} from '@devstay/shared/constants';
import { useMemo } from 'react';
import { type Draft, useContentDraft } from '../hooks/use-content-draft.ts';
import { timeZoneOptions } from '../utils/picker-options.ts';
import {
  ChoiceField,
  DescriptionField,
  ImagesField,
  NameField,
  NumberSlider,
  TextField,
} from './fields.tsx';
import { type ContentFormProps, FormFrame } from './form-frame.tsx';
import { LocationFields } from './location-fields.tsx';

export function emptyHotelDraft(): Draft<'hotelCreate'> {
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
    freeCancellationDays: FREE_CANCELLATION_DAYS_DEFAULT,
    eventNightPremiumPercent: 0,
  };
}

/**
 * Create hotel (superAdmin) and modify hotel: name, pictures, stars, description, address, place,
 * time zone and the guests' free-cancellation window.
 */
export function HotelForm(props: ContentFormProps<'hotelCreate' | 'hotelModify'>) {
  const draft = useContentDraft(props.form, props.initial);
  const timeZone = draft.draft.timeZone ?? '';
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  return (
    <FormFrame draft={draft} onReload={props.onReload}>
      <NameField draft={draft} field="name" />
      <ImagesField draft={draft} slot={props.images} />
      <NumberSlider draft={draft} field="qualification" />
      <DescriptionField draft={draft} field="description" max={DESCRIPTION_MAX} />
      <TextField draft={draft} field="address" label="Address" autoComplete="off" />
      <LocationFields draft={draft} />
      <ChoiceField
        draft={draft}
        field="timeZone"
        label="Time zone"
        description="The hotel's local time: its today (check-ins, event dates) follows it."
        data={zones}
        searchable
        nothingFoundMessage="No time zone matches"
        maxDropdownHeight={280}
        data-testid="time-zone-field"
      />
      <NumberSlider draft={draft} field="freeCancellationDays" />
      <NumberSlider draft={draft} field="eventNightPremiumPercent" />
    </FormFrame>
  );
}
