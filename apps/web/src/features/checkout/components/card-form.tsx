import {
  CARD_MESSAGES,
  cardBrand,
  cardDigits,
  fullYear,
  isExpired,
  isValidCvc,
  passesLuhn,
} from '@devstay/shared/card';
import type { CardInput } from '@devstay/shared/contracts/booking';
import { formatUsd } from '@devstay/shared/text';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

/** @internal */
export const CARD_NAME_REQUIRED = 'The name on the card is required';
/** @internal */
export const EXPIRY_FORMAT_MESSAGE = 'Write the expiry date as MM/YY';

interface CardDraft {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

type CardErrors = Partial<Record<keyof CardDraft, string>>;

const EMPTY: CardDraft = { number: '', expiry: '', cvc: '', name: '' };

/**
 * MM/YY (or MM/YYYY) as month and year, or null when it is not a date.
 * @internal
 */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: fullYear(Number(match[2])) };
}

/**
 * The checks a processor makes (shared with the server), as a field → message map.
 * @internal
 */
export function checkCard(draft: CardDraft, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(draft.number);
  if (!passesLuhn(digits)) errors.number = CARD_MESSAGES.number;
  const expiry = parseExpiry(draft.expiry);
  if (!expiry) errors.expiry = EXPIRY_FORMAT_MESSAGE;
  else if (isExpired(expiry.month, expiry.year, now)) errors.expiry = CARD_MESSAGES.expiry;
  if (!isValidCvc(draft.cvc.trim(), cardBrand(digits))) errors.cvc = CARD_MESSAGES.cvc;
  if (!draft.name.trim()) errors.name = CARD_NAME_REQUIRED;
  return errors;
}

/** Groups of four digits as people read a card number. */
function spaced(number: string): string {
  return cardDigits(number)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Pay button's text: the amount it charges, once the server has priced the cart. */
export function payLabel(amountCents: number | undefined): string {
  return amountCents === undefined ? 'Pay' : `Pay ${formatUsd(amountCents)}`;
}

interface CardFormProps {
  /** The total the server priced, shown on Pay (undefined while it is not known). */
  amountCents: number | undefined;
  paying: boolean;
  disabled: boolean;
  /** Called with a card that passed every check; the number goes nowhere else. */
  onPay: (card: CardInput) => void;
}

/** Card number, expiry, security code and name, checked as typed once submitted, and Pay. */
export function CardForm({ amountCents, paying, disabled, onPay }: CardFormProps) {
  const [draft, setDraft] = useState<CardDraft>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? checkCard(draft) : {};

  const field = (name: keyof CardDraft) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [name]: name === 'number' ? spaced(value) : value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (paying || disabled) return;
    const found = checkCard(draft);
    const expiry = parseExpiry(draft.expiry);
    if (Object.keys(found).length > 0 || !expiry) return;
    onPay({
      number: cardDigits(draft.number),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: draft.cvc.trim(),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment">
      <Stack gap="sm">
        <TextInput
          label="Card number"
          required
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          leftSection={<IconCreditCard size={18} aria-hidden="true" />}
          {...field('number')}
        />
        {/* Side by side only where both labels fit on one line, so the two inputs line up. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Expiry (MM/YY)"
            required
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            {...field('expiry')}
          />
          <TextInput
            label="Security code (CVC)"
            required
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            placeholder="CVC"
            {...field('cvc')}
          />
        </SimpleGrid>
        <TextInput label="Name on the card" required autoComplete="cc-name" {...field('name')} />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            loading={paying}
            disabled={disabled}
            leftSection={<IconLock size={18} aria-hidden="true" />}
          >
            {payLabel(amountCents)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
