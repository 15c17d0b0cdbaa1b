import { CARD_MESSAGES } from '@devstay/shared/card';
import { expect, test } from 'vitest';
import { CARD_NAME_REQUIRED, checkCard, EXPIRY_FORMAT_MESSAGE, parseExpiry } from './card-form.tsx';

const now = new Date('2030-06-15T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '06/30', cvc: '123', name: 'Ada' };

test('a good card passes; its expiry month is still valid', () => {
  expect(checkCard(good, now)).toEqual({});
  expect(parseExpiry('6/2030')).toEqual({ month: 6, year: 2030 });
});

test('each failed check names its field with the processor text', () => {
  expect(
    checkCard({ number: '4242 4242 4242 4241', expiry: '05/30', cvc: '12', name: ' ' }, now),
  ).toEqual({
    number: CARD_MESSAGES.number,
    expiry: CARD_MESSAGES.expiry,
    cvc: CARD_MESSAGES.cvc,
    name: CARD_NAME_REQUIRED,
  });
  expect(checkCard({ ...good, expiry: '13/30' }, now).expiry).toBe(EXPIRY_FORMAT_MESSAGE);
  // American Express has a four-digit code.
  expect(checkCard({ ...good, number: '3782 822463 10005', cvc: '123' }, now).cvc).toBe(
    CARD_MESSAGES.cvc,
  );
});
