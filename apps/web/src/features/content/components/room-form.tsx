import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import {
  CAPACITY_DEFAULT,
  PRICE_MIN,
  ROOM_CATEGORIES,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAMES,
  STOCK_MIN,
} from '@devstay/shared/constants';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { capitalize } from '@devstay/shared/text';
import { MultiSelect, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { useRoomServiceNames } from '../api/content-api.ts';
import { type Draft, useContentDraft } from '../hooks/use-content-draft.ts';
import { nameOptions } from '../utils/picker-options.ts';
import {
  ChoiceField,
  DescriptionField,
  DraftHotelField,
  ImagesField,
  NumberSlider,
} from './fields.tsx';
import { type ContentFormProps, FormFrame } from './form-frame.tsx';

const ROOM_NAME_OPTIONS = ROOM_NAMES.map((name) => ({ value: name, label: capitalize(name) }));
const CATEGORY_OPTIONS = ROOM_CATEGORIES.map((c) => ({ value: c, label: capitalize(c) }));

/** An empty create-room draft: sliders start at their lowest value, capacity at its default. */
export function emptyRoomDraft(fixed: HotelRef | null): Draft<'roomCreate'> {
  return {
    id: fixed?.id ?? null,
    name: '',
    image: [],
    price: PRICE_MIN,
    description: '',
    category: '',
    services: [],
    stock: STOCK_MIN,
    capacity: CAPACITY_DEFAULT,
  };
}

/**
 * Create room (product §2.13: hotel, room name, images, price, description, category, services,
 * stock; and the guests one unit sleeps) and modify room.
 */
export function RoomForm(props: ContentFormProps<'roomCreate' | 'roomModify'>) {
  const draft = useContentDraft(props.form, props.initial);
  const services = useRoomServiceNames();
  const serviceOptions = useMemo(() => nameOptions(services.data ?? []), [services.data]);
  return (
    <FormFrame draft={draft} onReload={props.onReload}>
      <DraftHotelField draft={draft} fixed={props.fixedHotel} currentLabel={props.hotelLabel} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ChoiceField
          draft={draft}
          field="name"
          label="Room name"
          placeholder="Choose a room type"
          data={ROOM_NAME_OPTIONS}
        />
        <ChoiceField
          draft={draft}
          field="category"
          label="Category"
          placeholder="Choose a category"
          data={CATEGORY_OPTIONS}
        />
      </SimpleGrid>
      <ImagesField draft={draft} slot={props.images} />
      <NumberSlider draft={draft} field="price" />
      <NumberSlider draft={draft} field="stock" />
      <NumberSlider draft={draft} field="capacity" />
      <MultiSelect
        label="Services"
        placeholder={services.isPending ? 'Loading...' : 'Choose the room services'}
        data={serviceOptions}
        value={draft.draft.services ?? []}
        onChange={(value) => draft.set('services', value)}
        searchable
        required
        error={draft.visibleErrors.services}
        nothingFoundMessage={
          services.isError ? 'The services could not be loaded' : 'No service matches'
        }
        comboboxProps={{ withinPortal: true }}
      />
      <DescriptionField draft={draft} field="description" max={ROOM_DESCRIPTION_MAX} />
    </FormFrame>
  );
}
