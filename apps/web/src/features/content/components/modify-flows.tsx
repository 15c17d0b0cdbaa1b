import type { ContentForm } from '@devstay/shared/contracts/content';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useEditableHotel } from '../api/content-api.ts';
import { recordOptions } from '../utils/picker-options.ts';
import { hotelDraft } from '../utils/record-drafts.ts';
import type { ContentFormProps } from './form-frame.tsx';
import { HotelField } from './hotel-field.tsx';
import { HotelForm } from './hotel-form.tsx';
import type { ImageSlot } from './image-slot.ts';
import { RecordPicker } from './record-picker.tsx';

/** Who edits: an admin's own hotel (fixed), or null for the superAdmin; and the uploader. */
export interface EditorProps {
  fixedHotel: HotelRef | null;
  images: ImageSlot;
}

/** What a loaded record's form is given besides its draft. */
type LoadedFormProps = Omit<ContentFormProps<ContentForm>, 'form' | 'initial'>;

/** The records a modify flow lists, and the form that edits one. */
export interface RecordSource<R extends { id: number; version: number }> {
  /**
   * The label of the hotel to list the records of: it tells that picker apart from the form's
   * own Hotel field (a room can move hotels). None: the records belong to no hotel.
   */
  hotelScope?: string;
  /** The records of that hotel (none picked yet: null), or all of them without a scope. */
  useRecords: (idHotel: number | null) => UseQueryResult<R[]>;
  /** The record picker's label ('Room') and what it calls a record ('room'). */
  label: string;
  what: string;
  optionLabel: (record: R) => string;
  form: (record: R, props: LoadedFormProps) => ReactNode;
}

/**
 * The hotel whose records a modify form lists: the admin's, or the one the superAdmin picks
 * (first the one the address names, `initialId`, if any). `label` tells it apart from the form's
 * own Hotel field below (a room can move hotels).
 */
export function useHotelScope(fixedHotel: HotelRef | null, label = 'Hotel', initialId?: number) {
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(
    initialId === undefined ? null : { id: initialId, label: '' },
  );
  const id = fixedHotel?.id ?? picked?.id ?? null;
  // A hotel chosen by the address (not by the picker) is named once it loads.
  const named = useEditableHotel(!fixedHotel && picked && !picked.label ? picked.id : null);
  const current = fixedHotel ? fixedHotel.name : picked?.label || named.data?.name || '';
  const field = (
    <HotelField
      label={label}
      fixed={fixedHotel}
      value={id}
      onChange={(hotel, hotelLabel) =>
        setPicked(hotel === null ? null : { id: hotel, label: hotelLabel })
      }
      currentLabel={current}
    />
  );
  return { id, label: current, field };
}

/** The picked record of a list, by id; it is gone when the list no longer holds it. */
function usePicked<T extends { id: number }>(records: readonly T[] | undefined) {
  const [id, setId] = useState<string | null>(null);
  const record = records?.find((r) => String(r.id) === id) ?? null;
  return { id: record ? id : null, setId, record };
}

/**
 * A modify screen (product §2.13): the hotel (fixed for an admin), then the record, then its form.
 * The form is made anew for each record and version, so loading the saved version after a 409
 * (a refetch of the list) starts it over from what was saved.
 */
export function ModifyRecord<R extends { id: number; version: number }>({
  source,
  fixedHotel,
  images,
}: EditorProps & { source: RecordSource<R> }) {
  const hotel = useHotelScope(fixedHotel, source.hotelScope);
  const scoped = source.hotelScope !== undefined;
  const waitsForHotel = scoped && hotel.id === null;
  const records = source.useRecords(hotel.id);
  const picked = usePicked(records.data);
  const { optionLabel } = source;
  const options = useMemo(
    () => recordOptions(records.data ?? [], optionLabel),
    [records.data, optionLabel],
  );
  const record = picked.record;
  return (
    <>
      {scoped ? hotel.field : null}
      <RecordPicker
        label={source.label}
        placeholder={waitsForHotel ? 'Choose a hotel first' : `Choose the ${source.what} to modify`}
        options={options}
        value={picked.id}
        onChange={picked.setId}
        loading={records.isFetching && !records.data}
        failed={records.isError}
        disabled={waitsForHotel}
      />
      {record ? (
        <Fragment key={`${record.id}-${record.version}`}>
          {source.form(record, {
            fixedHotel,
            hotelLabel: hotel.label,
            images,
            onReload: () => void records.refetch(),
          })}
        </Fragment>
      ) : null}
    </>
  );
}

/** Modify hotel: the admin's own hotel is loaded at once; the superAdmin picks one first. */
export function ModifyHotel({ fixedHotel, images }: EditorProps) {
  const hotel = useHotelScope(fixedHotel);
  const record = useEditableHotel(hotel.id);
  return (
    <>
      {hotel.field}
      {record.isError ? (
        <Text c="red.8" role="alert">
          The hotel could not be loaded.
        </Text>
      ) : null}
      {record.data ? (
        <HotelForm
          key={`${record.data.id}-${record.data.version}`}
          form="hotelModify"
          initial={hotelDraft(record.data)}
          fixedHotel={fixedHotel}
          images={images}
          onReload={() => void record.refetch()}
        />
      ) : null}
    </>
  );
}
