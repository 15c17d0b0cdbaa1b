import {
  FREE_CANCELLATION_DAYS_DEFAULT,
  FREE_CANCELLATION_DAYS_MAX,
  FREE_CANCELLATION_DAYS_MIN,
  HOTEL_TIME_ZONE_DEFAULT,
} from '@devstay/shared/constants';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { expect, test } from 'vitest';
import { TERMS } from './terms.ts';

const cancellations = () =>
  (TERMS.sections.find((s) => s.heading === 'Cancellations and changes')?.paragraphs ?? []).join(
    '\n',
  );

test('the terms state the cancellation rule the server applies, with its limits', () => {
  const text = cancellations();
  expect(text).toContain('from your booking history, until its free-cancellation deadline');
  expect(text).toContain(
    `from ${FREE_CANCELLATION_DAYS_MIN} to ${FREE_CANCELLATION_DAYS_MAX} days (${FREE_CANCELLATION_DAYS_DEFAULT} unless`,
  );
  expect(text).toContain(
    BOOKING_MESSAGES.freeCancellationPolicy(
      FREE_CANCELLATION_DAYS_DEFAULT,
      HOTEL_TIME_ZONE_DEFAULT,
    ),
  );
  expect(text).toContain('the earliest of its rooms’');
  // Nothing the product does not do: no request by letter, no hour of the day, no first night charged.
  expect(text).not.toMatch(/48 hours|15:00|first night|by writing to us before/);
});
