import { isIsoDate } from '@devstay/shared/calendar-date';
import { STOCK_MAX } from '@devstay/shared/constants';
import type { StayDates } from '@devstay/shared/paths';
import { CHECK_OUT_ERROR, checkStay, earliestToday } from '@devstay/shared/stay';
import { Button, TextInput } from '@mantine/core';
import { IconCalendarSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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
  onSearch: (stay: StayDates, rooms: number) => void;
}

/**
 * Check-in, check-out and rooms of the hotel list: hotels with a room free on every night of the
 * stay. Native date inputs (the browser's own picker, nothing added to the first load); the
 * dates are checked by the stay rules (product §5) against the earliest today of any hotel, each
 * hotel then holding the check-in to its own today on the server.
 */
export function StaySearch({ stay, rooms, onSearch }: StaySearchProps) {
  const [checkIn, setCheckIn] = useState(stay?.checkIn ?? '');
  const [checkOut, setCheckOut] = useState(stay?.checkOut ?? '');
  const [units, setUnits] = useState(String(rooms ?? 1));
  const [error, setError] = useState<{ field: 'checkIn' | 'checkOut' | 'rooms'; text: string }>();
  // The browser writes a date field's value its own way: the site's way is said under it.
  const dateText = useDateText();
  const written = (date: string) => (isIsoDate(date) ? dateText(date) : undefined);

  const checkInField = useRef<HTMLInputElement>(null);
  const checkOutField = useRef<HTMLInputElement>(null);
  const unitsField = useRef<HTMLInputElement>(null);
  // Back, forward and a removed filter bring the fields back to the address's stay.
  useEffect(() => {
    setCheckIn(stay?.checkIn ?? '');
    setCheckOut(stay?.checkOut ?? '');
    setUnits(String(rooms ?? 1));
    setError(undefined);
  }, [stay?.checkIn, stay?.checkOut, rooms]);

  // The server drew these fields and their code comes after: what a guest typed before it
  // arrived is in the inputs (hydration keeps it), not in the state. Taken over once,
  // after the address's stay above (effects run in order).
  const drawn = useRef({ checkIn, checkOut, units });
  useEffect(() => {
    const typed = (field: typeof checkInField, set: (value: string) => void, was: string) => {
      const value = field.current?.value;
      if (value !== undefined && value !== was) set(value);
    };
    typed(checkInField, setCheckIn, drawn.current.checkIn);
    typed(checkOutField, setCheckOut, drawn.current.checkOut);
    typed(unitsField, setUnits, drawn.current.units);
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
    const n = Number(units);
    if (!Number.isInteger(n) || n < 1 || n > STOCK_MAX) {
      setError({ field: 'rooms', text: `Rooms must be a whole number from 1 to ${STOCK_MAX}` });
      return;
    }
    setError(undefined);
    onSearch({ checkIn, checkOut }, n);
  };

  const errorOf = (field: 'checkIn' | 'checkOut' | 'rooms') =>
    error?.field === field ? error.text : undefined;

  // What the server draws depends on the stay, the rooms and today only (no error yet): drawn
  // once for each, when they make a key.
  const today = earliestToday();
  const drawnAs = `stay-${today}-${checkIn}-${checkOut}-${units}`;
  return (
    <KeptElement
      as="form"
      keptAs={KEY_TEXT.test(drawnAs) ? drawnAs : undefined}
      onSubmit={submit}
      className={classes.stay}
      aria-label="Dates of your stay"
      noValidate
    >
      <TextInput
        type="date"
        label="Check-in"
        ref={checkInField}
        value={checkIn}
        min={today}
        onChange={(e) => setCheckIn(e.currentTarget.value)}
        description={written(checkIn)}
        error={errorOf('checkIn')}
        className={classes.date}
      />
      <TextInput
        type="date"
        label="Check-out"
        ref={checkOutField}
        value={checkOut}
        min={checkIn || today}
        onChange={(e) => setCheckOut(e.currentTarget.value)}
        description={written(checkOut)}
        error={errorOf('checkOut')}
        className={classes.date}
      />
      <TextInput
        type="number"
        label="Rooms"
        ref={unitsField}
        value={units}
        min={1}
        max={STOCK_MAX}
        inputMode="numeric"
        onChange={(e) => setUnits(e.currentTarget.value)}
        error={errorOf('rooms')}
        className={classes.rooms}
      />
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
