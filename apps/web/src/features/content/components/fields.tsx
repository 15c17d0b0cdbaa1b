import '@mantine/core/styles/Combobox.layer.css';
import {
  CAPACITY_MAX,
  CAPACITY_MIN,
  EVENT_PREMIUM_PERCENT_MAX,
  EVENT_PREMIUM_PERCENT_MIN,
  FREE_CANCELLATION_DAYS_MAX,
  FREE_CANCELLATION_DAYS_MIN,
  PRICE_MAX,
  PRICE_MIN,
  QUALIFICATION_MAX,
  QUALIFICATION_MIN,
  STOCK_MAX,
  STOCK_MIN,
} from '@devstay/shared/constants';
import type { ContentForm, ImageRefInput } from '@devstay/shared/contracts/content';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { Select, type SelectProps, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { ContentDraft, Draft, DraftField } from '../hooks/use-content-draft.ts';
import { HotelField } from './hotel-field.tsx';
import type { ImageSlot } from './image-slot.ts';
import { SliderField } from './slider-field.tsx';

// The field kit of the content forms: each control bound to one field of a form's draft, and
// typed from the form's contract: a field the contract lacks, or of another type, does not
// compile. Every field is required (product §5) and shows the draft's message for it.

/**
 * The fields of form `F` whose values are of type `V` (text, a number, a list).
 * @internal
 */
export type FieldOf<F extends ContentForm, V> = {
  [K in DraftField<F>]: Draft<F>[K] extends V | null ? K : never;
}[DraftField<F>];

interface FieldProps<F extends ContentForm, V> {
  draft: ContentDraft<F>;
  field: FieldOf<F, V>;
}

/** The draft read and written by name: the kit's props have checked the name already. */
interface LooseDraft {
  draft: Record<string, unknown>;
  set: (field: string, value: unknown) => void;
  update: (field: string, update: (current: unknown) => unknown) => void;
  visibleErrors: Record<string, string>;
}

function loose<F extends ContentForm>(draft: ContentDraft<F>): LooseDraft {
  return draft as unknown as LooseDraft;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Value, change handler and message of a text input bound to a draft field. */
function textProps<F extends ContentForm>({ draft, field }: FieldProps<F, string>) {
  const d = loose(draft);
  return {
    value: textOf(d.draft[field]),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      d.set(field, event.currentTarget.value),
    error: d.visibleErrors[field],
  };
}

/** A typed line of text: an address, a date, a time. */
export function TextField<F extends ContentForm>({
  draft,
  field,
  ...input
}: FieldProps<F, string> &
  Omit<TextInputProps, 'value' | 'onChange' | 'error'> & { label: string }) {
  return <TextInput {...input} required {...textProps({ draft, field })} />;
}

/** A name: kept as typed (docs/product.md, Names as typed). */
export function NameField<F extends ContentForm>({
  label = 'Name',
  ...bound
}: FieldProps<F, string> & { label?: string }) {
  return <TextInput label={label} required autoComplete="off" {...textProps(bound)} />;
}

/** A description with its limit shown as a count (product §5: 500 for rooms, 1000 for others). */
export function DescriptionField<F extends ContentForm>({
  max,
  ...bound
}: FieldProps<F, string> & { max: number }) {
  const props = textProps(bound);
  return (
    <Textarea
      label="Description"
      autosize
      minRows={3}
      required
      {...props}
      description={`${props.value.length} / ${max} characters`}
    />
  );
}

/** One of a list of names (a room type, a category, a time zone). */
export function ChoiceField<F extends ContentForm>({
  draft,
  field,
  ...select
}: FieldProps<F, string> & Omit<SelectProps, 'value' | 'onChange' | 'error'> & { label: string }) {
  const d = loose(draft);
  return (
    <Select
      {...select}
      value={textOf(d.draft[field]) || null}
      onChange={(value) => d.set(field, value ?? '')}
      required
      allowDeselect={false}
      error={d.visibleErrors[field]}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** What a slider shows: its label, the unit after its number and its range. */
interface SliderSpec {
  label: string;
  min: number;
  max: number;
  /** Text after the number ('USD per night'), or its singular and plural ('room', 'rooms'). */
  unit: string | readonly [one: string, other: string];
}

/** Every slider of the content forms, by the field it sets (product §5's ranges). */
const SLIDERS = {
  qualification: {
    label: 'Qualification',
    unit: ['star', 'stars'],
    min: QUALIFICATION_MIN,
    max: QUALIFICATION_MAX,
  },
  freeCancellationDays: {
    label: 'Free cancellation',
    unit: ['day before check-in', 'days before check-in'],
    min: FREE_CANCELLATION_DAYS_MIN,
    max: FREE_CANCELLATION_DAYS_MAX,
  },
  eventNightPremiumPercent: {
    label: 'Event-night premium',
    unit: 'percent on event nights',
    min: EVENT_PREMIUM_PERCENT_MIN,
    max: EVENT_PREMIUM_PERCENT_MAX,
  },
  price: { label: 'Price', unit: 'USD per night', min: PRICE_MIN, max: PRICE_MAX },
  stock: { label: 'Stock', unit: ['room', 'rooms'], min: STOCK_MIN, max: STOCK_MAX },
  capacity: {
    label: 'Capacity',
    unit: ['guest per room', 'guests per room'],
    min: CAPACITY_MIN,
    max: CAPACITY_MAX,
  },
} as const satisfies Record<string, SliderSpec>;

/** A whole number on a slider, its label, unit and range those of its field (SLIDERS). */
export function NumberSlider<F extends ContentForm>({
  draft,
  field,
}: FieldProps<F, number> & { field: keyof typeof SLIDERS }) {
  const d = loose(draft);
  return (
    <SliderField
      {...SLIDERS[field]}
      value={d.draft[field]}
      onChange={(value) => d.set(field, value)}
      error={d.visibleErrors[field]}
    />
  );
}

/** The pictures of every form: the uploader the app hands in, bound to the draft's `image`. */
export function ImagesField<F extends ContentForm>({
  draft,
  slot,
}: {
  draft: ContentDraft<F>;
  slot: ImageSlot;
}) {
  const d = loose(draft);
  const list = (value: unknown) => (Array.isArray(value) ? (value as ImageRefInput[]) : []);
  return slot({
    label: 'Images',
    value: list(d.draft.image),
    onChange: (update) => d.update('image', (current) => update(list(current))),
    error: d.visibleErrors.image,
  });
}

/** The forms that belong to one hotel, and the name their contract gives its id. */
const HOTEL_FIELD = {
  // POST /rooms names the hotel `id`; PUT /rooms names it `idHotel` (`id` is the room's).
  roomCreate: 'id',
  roomModify: 'idHotel',
  eventCreate: 'idHotel',
  eventModify: 'idHotel',
  hotelServiceCreate: 'idHotel',
  hotelServiceModify: 'idHotel',
} as const satisfies { [F in ContentForm]?: FieldOf<F, number> };
export type HotelScopedForm = keyof typeof HOTEL_FIELD;

/** The hotel a record belongs to: fixed for an admin, searched by the superAdmin. */
export function DraftHotelField<F extends HotelScopedForm>({
  draft,
  fixed,
  currentLabel,
  onPick,
}: {
  draft: ContentDraft<F>;
  /** An admin's own hotel; null for the superAdmin. */
  fixed: HotelRef | null;
  /** The loaded record's hotel, as its modify flow's hotel picker named it. */
  currentLabel?: string;
  /** Told of every choice (the event form follows its hotel's time zone). */
  onPick?: (id: number | null) => void;
}) {
  const d = loose(draft);
  const field = HOTEL_FIELD[draft.form];
  const value = d.draft[field];
  return (
    <HotelField
      fixed={fixed}
      value={typeof value === 'number' ? value : null}
      onChange={(id) => {
        d.set(field, id);
        onPick?.(id);
      }}
      currentLabel={currentLabel}
      error={d.visibleErrors[field]}
    />
  );
}
