import { isIsoDate } from '@devstay/shared/calendar-date';
import { GUESTS_MAX, STOCK_MAX } from '@devstay/shared/constants';
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
  /** Guests those units must sleep, as the address asks. */
  guests: number | undefined;
  onSearch: (stay: StayDates, rooms: number, guests: number) => void;
}

type StayField = 'checkIn' | 'checkOut' | 'rooms' | 'guests';

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

  // The server drew these fields and their code comes after: what a guest typed before it
  // arrived is in the inputs (hydration keeps it), not in the state. Taken over once,
  // after the address's stay above (effects run in order).
  const drawn = useRef({ checkIn, checkOut, units, people });
  useEffect(() => {
    const typed = (field: typeof checkInField, set: (value: string) => void, was: string) => {
      const value = field.current?.value;
      if (value !== undefined && value !== was) set(value);
    };
    typed(checkInField, setCheckIn, drawn.current.checkIn);
    typed(checkOutField, setCheckOut, drawn.current.checkOut);
    typed(unitsField, setUnits, drawn.current.units);
    typed(guestsField, setPeople, drawn.current.people);
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
    const g = Number(people);
    if (!Number.isInteger(g) || g < 1 || g > GUESTS_MAX) {
      setError({ field: 'guests', text: `Guests must be a whole number from 1 to ${GUESTS_MAX}` });
      return;
    }
    setError(undefined);
    onSearch({ checkIn, checkOut }, n, g);
  };

  const errorOf = (field: StayField) => (error?.field === field ? error.text : undefined);

  // What the server draws depends on the stay, the rooms, the guests and today only (no error
  // yet): drawn once for each, when they make a key.
  const today = earliestToday();
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
      <TextInput
        type="number"
        label="Guests"
        ref={guestsField}
        value={people}
        min={1}
        max={GUESTS_MAX}
        inputMode="numeric"
        onChange={(e) => setPeople(e.currentTarget.value)}
        error={errorOf('guests')}
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
