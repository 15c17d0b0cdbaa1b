import { CONTENT_MESSAGES as M } from '@devstay/shared/messages';
import { calendarDateIn } from '@devstay/shared/stay';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { emptyEventDraft } from '../components/event-form.tsx';
import type { FieldOf } from '../components/fields.tsx';
import { emptyHotelDraft } from '../components/hotel-form.tsx';
import { emptyRoomDraft } from '../components/room-form.tsx';
import {
  initialDraftState,
  markSubmitted,
  setField,
  setFields,
  updateField,
  useContentDraft,
  viewDraft,
} from './use-content-draft.ts';

const hotel = { id: 7, name: 'byte inn' };
const image = { url: '/uploads/a-800.webp', public_id: 'a' };

function filledRoom() {
  return {
    ...emptyRoomDraft(hotel),
    name: 'double',
    image: [image],
    description: 'Two desks and a fibre line',
    category: 'premium',
    services: ['Fibre'],
  };
}

/** A create-hotel draft with every field filled, its sliders at their defaults. */
function filledHotel() {
  return {
    ...emptyHotelDraft(),
    name: 'byte inn',
    image: [image],
    description: 'Fibre in every room',
    address: 'Calle 1',
    state: 'Córdoba',
    department: 'Capital',
    idLocation: 3,
  };
}

describe('draft state of a content form', () => {
  test('an untouched empty form shows no message and cannot be submitted', () => {
    const view = viewDraft('roomCreate', initialDraftState(emptyRoomDraft(hotel)));
    expect(view.canSubmit).toBe(false);
    expect(view.visibleErrors).toEqual({});
    // The schema has judged every field already: the messages wait for a change or a submit.
    expect(view.check.errors).toMatchObject({
      name: M.roomNameRequired,
      image: M.imageRequired,
      description: M.descriptionRequired,
      category: M.categoryRequired,
      services: M.servicesRequired,
    });
  });

  test('a changed field shows its message; a submit shows them all', () => {
    let state = setField(initialDraftState(emptyRoomDraft(hotel)), 'category', 'vip 1');
    expect(viewDraft('roomCreate', state).visibleErrors).toEqual({ category: M.categoryLetters });
    state = markSubmitted(state);
    expect(Object.keys(viewDraft('roomCreate', state).visibleErrors).sort()).toEqual(
      ['category', 'description', 'image', 'name', 'services'].sort(),
    );
  });

  test('a complete draft may be submitted and sends the parsed value', () => {
    const view = viewDraft('roomCreate', initialDraftState(filledRoom()));
    expect(view.canSubmit).toBe(true);
    expect(view.visibleErrors).toEqual({});
    expect(view.check.ok && view.check.value).toMatchObject({
      id: 7,
      name: 'double',
      price: 10,
      stock: 1,
      services: ['Fibre'],
    });
  });

  test('sliders outside their range and a missing hotel are errors', () => {
    const state = setFields(initialDraftState(filledRoom()), { price: 1001, stock: 0, id: null });
    expect(viewDraft('roomCreate', state).visibleErrors).toEqual({
      price: M.priceRange,
      stock: M.stockRange,
      id: M.hotelRequired,
    });
  });

  // Each of a hotel's sliders: its default, a value out of range, a part, one in range.
  test.each([
    {
      field: 'freeCancellationDays',
      fresh: 2,
      wrong: [[61, M.freeCancellationDaysRange]],
      right: 0,
    },
    {
      field: 'eventNightPremiumPercent',
      fresh: 0,
      wrong: [
        [301, M.eventNightPremiumRange],
        [12.5, M.eventNightPremiumInteger],
      ],
      right: 25,
    },
  ] as const)("a hotel's $field: $fresh by default, whole numbers in range", (slider) => {
    const start = initialDraftState(filledHotel());
    const fresh = viewDraft('hotelCreate', start);
    expect(fresh.check.ok && fresh.check.value[slider.field]).toBe(slider.fresh);
    for (const [value, message] of slider.wrong) {
      const wrong = setField(start, slider.field, value);
      expect(viewDraft('hotelCreate', wrong).visibleErrors).toEqual({ [slider.field]: message });
    }
    const right = viewDraft('hotelCreate', setField(start, slider.field, slider.right));
    expect(right.visibleErrors).toEqual({});
    expect(right.canSubmit).toBe(true);
  });

  test('a function of the current value adds to a list (uploads finishing one by one)', () => {
    const add = (current: (typeof image)[] | null) => [...(current ?? []), image];
    const state = updateField(
      updateField(initialDraftState(emptyRoomDraft(hotel)), 'image', add),
      'image',
      add,
    );
    expect(state.draft.image).toEqual([image, image]);
    expect(state.touched.has('image')).toBe(true);
  });

  test("a draft holds its form's fields only, each of its contract's type", () => {
    const state = initialDraftState(emptyRoomDraft(hotel));
    // @ts-expect-error: the room form's contract has no field 'title'
    setField(state, 'title', 'double');
    // @ts-expect-error: a price is a slider's number, never text
    setField(state, 'price', '12');
    const { result } = renderHook(() => useContentDraft('eventCreate', emptyEventDraft(hotel)));
    // @ts-expect-error: an event's hotel is `idHotel` (`id` is the room form's name for it)
    act(() => result.current.set('id', 7));
    act(() => result.current.set('idHotel', 8));
    expect(result.current.draft.idHotel).toBe(8);
    // The field kit binds a text input to a text field only.
    const description: FieldOf<'roomCreate', string> = 'description';
    // @ts-expect-error: the price is a number: no text input binds it
    const price: FieldOf<'roomCreate', string> = 'price';
    expect([description, price]).toEqual(['description', 'price']);
  });

  test('the hook: a server message shows until the field changes; reset starts over', () => {
    const { result } = renderHook(() => useContentDraft('roomCreate', filledRoom()));
    expect(result.current.canSubmit).toBe(true);
    act(() => result.current.setServerError('stock', 'Stock cannot go below 3'));
    expect(result.current.visibleErrors).toEqual({ stock: 'Stock cannot go below 3' });
    act(() => result.current.set('stock', 4));
    expect(result.current.visibleErrors).toEqual({});
    act(() => result.current.set('description', ' '));
    expect(result.current.visibleErrors).toEqual({ description: M.descriptionRequired });
    expect(result.current.canSubmit).toBe(false);
    act(() => result.current.reset(emptyRoomDraft(null)));
    expect(result.current.visibleErrors).toEqual({});
    act(() => result.current.showAll());
    expect(result.current.visibleErrors.id).toBe(M.hotelRequired);
  });

  test("an event's date is checked against its hotel's today once the hotel's zone is known", () => {
    // UTC−12 and UTC+14 are never on the same date: the western today is past in the east.
    const westToday = calendarDateIn('Etc/GMT+12');
    const event = {
      name: 'Rust meetup',
      idHotel: 7,
      date: westToday,
      time: '18:30',
      image: [image],
      description: 'Talks',
    };
    const { result, rerender } = renderHook(
      ({ zone }: { zone?: string }) => useContentDraft('eventCreate', event, zone),
      { initialProps: {} as { zone?: string } },
    );
    // Before the zone arrives, the date passes as today somewhere on Earth.
    expect(result.current.canSubmit).toBe(true);
    rerender({ zone: 'Etc/GMT+12' });
    expect(result.current.canSubmit).toBe(true);
    rerender({ zone: 'Etc/GMT-14' });
    expect(result.current.canSubmit).toBe(false);
    expect(result.current.check.errors).toEqual({ date: M.datePast });
  });
});
