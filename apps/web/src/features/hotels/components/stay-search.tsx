import { isIsoDate } from '@devstay/shared/calendar-date';
import { GUESTS_MAX, STOCK_MAX } from '@devstay/shared/constants';
import type { StayDates } from '@devstay/shared/paths';
import { CHECK_OUT_ERROR, checkStay, earliestToday } from '@devstay/shared/stay';
import { Button, TextInput } from '@mantine/core';
import { IconCalendarSearch } from '@tabler/icons-react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { KeptElement } from '../../../components/kept-markup.tsx';
import { useDateText } from '../../../lib/date-text.ts';
import classes from './hotel-toolbar.module.css';

/** What a kept markup's key may hold: the address's values only when they are plain. */
const KEY_TEXT = /^[\w-]+$/;

interface StaySearchProps {
  /** The stay the address searches (none: the fields start empty). */
  stay: StayDates | undefined;
  /** Units of one room the address asks for. */
  rooms: number | undefined;
  /** Guests those units must sleep, as the address asks. */
  guests: number | undefined;
  onSearch: (stay: StayDates, rooms: number, guests: number) => void;
}

type StayField = 'checkIn' | 'checkOut' | 'rooms' | 'guests';

/** A field of the search: a date (with its earliest day) or a whole number (with its most). */
interface SearchField {
  field: StayField;
  label: string;
  value: string;
  set: (value: string) => void;
  ref: RefObject<HTMLInputElement | null>;
  min?: string;
  max?: number;
}

/**
 * Check-in, check-out, rooms and guests of the hotel list: hotels with a room free on every night
 * of the stay whose units sleep the guests. Native date inputs (the browser's own picker, nothing added to the first load); the
 * dates are checked by the stay rules (product §5) against the earliest today of any hotel, each
 * hotel then holding the check-in to its own today on the server.
 */
export function StaySearch({ stay, rooms, guests, onSearch }: StaySearchProps) {
  const [checkIn, setCheckIn] = useState(stay?.checkIn ?? '');
  const [checkOut, setCheckOut] = useState(stay?.checkOut ?? '');
  const [units, setUnits] = useState(String(rooms ?? 1));
  const [people, setPeople] = useState(String(guests ?? 1));
  const [error, setError] = useState<{ field: StayField; text: string }>();
  // The browser writes a date field's value its own way: the site's way is said under it.
  const dateText = useDateText();
  const written = (date: string) => (isIsoDate(date) ? dateText(date) : undefined);

  const checkInField = useRef<HTMLInputElement>(null);
  const checkOutField = useRef<HTMLInputElement>(null);
  const unitsField = useRef<HTMLInputElement>(null);
  const guestsField = useRef<HTMLInputElement>(null);
  // Back, forward and a removed filter bring the fields back to the address's stay.
  useEffect(() => {
    setCheckIn(stay?.checkIn ?? '');
    setCheckOut(stay?.checkOut ?? '');
    setUnits(String(rooms ?? 1));
    setPeople(String(guests ?? 1));
    setError(undefined);
  }, [stay?.checkIn, stay?.checkOut, rooms, guests]);

  const today = earliestToday();
  // The four fields, in order: two dates, then two whole numbers from 1 to `max`.
  const fields: SearchField[] = [
    {
      field: 'checkIn',
      label: 'Check-in',
      value: checkIn,
      set: setCheckIn,
      ref: checkInField,
      min: today,
    },
    {
      field: 'checkOut',
      label: 'Check-out',
      value: checkOut,
      set: setCheckOut,
      ref: checkOutField,
      min: checkIn || today,
    },
    {
      field: 'rooms',
      label: 'Rooms',
      value: units,
      set: setUnits,
      ref: unitsField,
      max: STOCK_MAX,
    },
    {
      field: 'guests',
      label: 'Guests',
      value: people,
      set: setPeople,
      ref: guestsField,
      max: GUESTS_MAX,
    },
  ];

  // The server drew these fields and their code comes after: what a guest typed before it
  // arrived is in the inputs (hydration keeps it), not in the state. Taken over once,
  // after the address's stay above (effects run in order).
  const drawn = useRef(fields.map((f) => f.value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, over what the server drew
  useEffect(() => {
    fields.forEach((f, i) => {
      const value = f.ref.current?.value;
      if (value !== undefined && value !== drawn.current[i]) f.set(value);
    });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkStay(checkIn, checkOut, earliestToday());
    if (!checked.ok) {
      const onCheckOut =
        checked.error === CHECK_OUT_ERROR || (isIsoDate(checkIn) && !isIsoDate(checkOut));
      setError({ field: onCheckOut ? 'checkOut' : 'checkIn', text: checked.error ?? '' });
      return;
    }
    const counts: number[] = [];
    for (const { field, label, value, max } of fields) {
      if (max === undefined) continue;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        setError({ field, text: `${label} must be a whole number from 1 to ${max}` });
        return;
      }
      counts.push(n);
    }
    setError(undefined);
    onSearch({ checkIn, checkOut }, counts[0] as number, counts[1] as number);
  };

  // What the server draws depends on the stay, the rooms, the guests and today only (no error
  // yet): drawn once for each, when they make a key.
  const drawnAs = `stay-${today}-${checkIn}-${checkOut}-${units}-${people}`;
  return (
    <KeptElement
      as="form"
      keptAs={KEY_TEXT.test(drawnAs) ? drawnAs : undefined}
      onSubmit={submit}
      className={classes.stay}
      aria-label="Dates of your stay"
      noValidate
    >
      {fields.map(({ field, label, value, set, ref, min, max }) => {
        const date = max === undefined;
        return (
          <TextInput
            key={field}
            type={date ? 'date' : 'number'}
            label={label}
            ref={ref}
            value={value}
            min={min ?? 1}
            max={max}
            inputMode={date ? undefined : 'numeric'}
            onChange={(e) => set(e.currentTarget.value)}
            description={date ? written(value) : undefined}
            error={error?.field === field ? error.text : undefined}
            className={date ? classes.date : classes.rooms}
          />
        );
      })}
      <Button
        type="submit"
        variant="light"
        leftSection={<IconCalendarSearch size={18} aria-hidden="true" />}
      >
        Check availability
      </Button>
    </KeptElement>
  );
}
