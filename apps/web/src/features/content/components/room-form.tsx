import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import {
  PRICE_MAX,
  PRICE_MIN,
  ROOM_CATEGORIES,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAMES,
  STOCK_MAX,
  STOCK_MIN,
} from '@devstay/shared/constants';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { capitalize } from '@devstay/shared/text';
import { MultiSelect, Select, SimpleGrid, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { useRoomServiceNames } from '../api/content-api.ts';
import { type Draft, useContentDraft } from '../hooks/use-content-draft.ts';
import { useSaveContent } from '../hooks/use-save-content.ts';
import { nameOptions } from '../utils/picker-options.ts';
import { descriptionField } from './field-props.ts';
import { FormFrame } from './form-frame.tsx';
import { HotelField } from './hotel-field.tsx';
import { type ImageSlot, imageList } from './image-slot.ts';
import { SliderField } from './slider-field.tsx';

const ROOM_NAME_OPTIONS = ROOM_NAMES.map((name) => ({ value: name, label: capitalize(name) }));
const CATEGORY_OPTIONS = ROOM_CATEGORIES.map((c) => ({ value: c, label: capitalize(c) }));

/** An empty create-room draft: sliders start at their lowest value. */
export function emptyRoomDraft(fixed: HotelRef | null): Draft {
  return {
    id: fixed?.id ?? null,
    name: '',
    image: [],
    price: PRICE_MIN,
    description: '',
    category: '',
    services: [],
    stock: STOCK_MIN,
  };
}

interface RoomFormProps {
  form: 'roomCreate' | 'roomModify';
  fixedHotel: HotelRef | null;
  initial: Draft;
  hotelLabel?: string;
  images: ImageSlot;
  onReload?: () => void;
}

/** Create room (spec §2.13: hotel, room name, images, price, description, category, services, stock) and modify room. */
export function RoomForm({
  form,
  fixedHotel,
  initial,
  hotelLabel,
  images,
  onReload,
}: RoomFormProps) {
  const draft = useContentDraft(form, initial);
  const save = useSaveContent(form, draft);
  const services = useRoomServiceNames();
  const serviceOptions = useMemo(() => nameOptions(services.data ?? []), [services.data]);
  // POST /rooms names the hotel `id`; PUT /rooms names it `idHotel` (`id` is the room's).
  const hotelKey = form === 'roomCreate' ? 'id' : 'idHotel';
  const e = draft.visibleErrors;

  return (
    <FormFrame
      onSubmit={save.submit}
      submitLabel={form === 'roomCreate' ? 'Create' : 'Modify'}
      canSubmit={draft.canSubmit}
      saving={save.saving}
      stale={save.stale && onReload ? { message: save.stale, onReload } : null}
    >
      <HotelField
        fixed={fixedHotel}
        value={typeof draft.draft[hotelKey] === 'number' ? (draft.draft[hotelKey] as number) : null}
        onChange={(id) => draft.set(hotelKey, id)}
        currentLabel={hotelLabel}
        error={e[hotelKey]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Room name"
          placeholder="Choose a room type"
          data={ROOM_NAME_OPTIONS}
          value={typeof draft.draft.name === 'string' && draft.draft.name ? draft.draft.name : null}
          onChange={(value) => draft.set('name', value ?? '')}
          required
          allowDeselect={false}
          error={e.name}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Category"
          placeholder="Choose a category"
          data={CATEGORY_OPTIONS}
          value={
            typeof draft.draft.category === 'string' && draft.draft.category
              ? draft.draft.category
              : null
          }
          onChange={(value) => draft.set('category', value ?? '')}
          required
          allowDeselect={false}
          error={e.category}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {images({
        label: 'Images',
        value: imageList(draft.draft.image),
        onChange: (update) => draft.update('image', (current) => update(imageList(current))),
        error: e.image,
      })}
      <SliderField
        label="Price"
        unit="USD per night"
        min={PRICE_MIN}
        max={PRICE_MAX}
        value={draft.draft.price}
        onChange={(value) => draft.set('price', value)}
        error={e.price}
      />
      <SliderField
        label="Stock"
        unit={['room', 'rooms']}
        min={STOCK_MIN}
        max={STOCK_MAX}
        value={draft.draft.stock}
        onChange={(value) => draft.set('stock', value)}
        error={e.stock}
      />
      <MultiSelect
        label="Services"
        placeholder={services.isPending ? 'Loading...' : 'Choose the room services'}
        data={serviceOptions}
        value={Array.isArray(draft.draft.services) ? (draft.draft.services as string[]) : []}
        onChange={(value) => draft.set('services', value)}
        searchable
        required
        error={e.services}
        nothingFoundMessage={
          services.isError ? 'The services could not be loaded' : 'No service matches'
        }
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        required
        {...descriptionField(draft, 'description', ROOM_DESCRIPTION_MAX)}
      />
    </FormFrame>
  );
}
