import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/dates/styles.layer.css';
import { GUESTS_MAX } from '@devstay/shared/constants';
import type { RoomDetail } from '@devstay/shared/contracts/catalogue';
import type { NightPrice } from '@devstay/shared/contracts/rates';
import { addDays, calendarDateIn, checkStay } from '@devstay/shared/stay';
import { formatUsd, priceToCents } from '@devstay/shared/text';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconShoppingCartPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dateInputFormatter, datePickerProps } from '../../../components/date-picker-props.ts';
import { useDateLocale } from '../../../lib/date-text.ts';
import { nightsText, nightsTotalCents } from '../../../lib/night-prices.ts';

const NO_AVAILABILITY_MESSAGE = 'There is no availability for this room at the moment';

interface StayPanelProps {
  room: RoomDetail;
  checkIn: string;
  checkOut: string;
  onChange: (stay: { checkIn: string; checkOut: string }) => void;
  /** Guests of the stay, beside its dates. */
  guests: number;
  onGuestsChange: (guests: number) => void;
  /**
   * The server's answer for one more unit of these dates: the product §5 text that blocks
   * ADD TO CART, null when a unit is free; each night with its price (null until priced);
   * `checking` while the server is asked.
   */
  availability: { checking: boolean; message: string | null; nights: NightPrice[] | null };
  /** ADD TO CART with a valid stay; `totalCents` is the price of the stay for one unit. */
  onAddToCart: (stay: {
    checkIn: string;
    checkOut: string;
    totalCents: number;
    guests: number;
  }) => void;
  /** The favourite heart, beside the heading (the favourites feature's, handed in by the screen). */
  favorite?: ReactNode;
  /** The stay's cancellation terms, as the server's quote gives them (handed in by the screen). */
  terms?: ReactNode;
  /** Under ADD TO CART: 'Join the waitlist' for a stay without units (the waitlist feature's). */
  waitlist?: ReactNode;
}

/**
 * Check-in and check-out (calendar dates, yyyy-MM-dd), the price of the stay and ADD TO CART
 * (product §2.6, §5). The stay's nights and their prices are the server's quote (its one
 * pricing rule: seasons, weekdays, event nights): '3 nights: $80 + $80 + $120 = $280'.
 */
export function StayPanel({
  room,
  checkIn,
  checkOut,
  availability,
  onChange,
  guests,
  onGuestsChange,
  onAddToCart,
  favorite,
  terms,
  waitlist,
}: StayPanelProps) {
  // The hotel's today, in its time zone: not the browser's date.
  const todayDate = calendarDateIn(room.Hotels.timeZone);
  const valueFormatter = dateInputFormatter(useDateLocale());
  const baseCents = priceToCents(room.price);
  const fromCents = priceToCents(room.fromPrice);
  const check = checkStay(checkIn, checkOut, todayDate);
  const nights = availability.nights;
  const totalCents = nights ? nightsTotalCents(nights) : null;
  const soldOut = room.stock <= 0;
  const error = soldOut ? NO_AVAILABILITY_MESSAGE : (check.error ?? availability.message);
  const blocked =
    !check.ok ||
    soldOut ||
    availability.checking ||
    availability.message !== null ||
    totalCents === null;

  const add = () => {
    if (blocked || totalCents === null) return;
    onAddToCart({ checkIn, checkOut, totalCents, guests });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="stay-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text id="stay-heading" fw={700} size="lg" component="h2">
              Your stay
            </Text>
            <Text size="sm" c="dimmed">
              <span data-testid="room-nightly-price">
                {fromCents < baseCents ? `from ${formatUsd(fromCents)}` : formatUsd(baseCents)} per
                night
              </span>{' '}
              · sleeps {room.capacity} {room.capacity === 1 ? 'guest' : 'guests'}
            </Text>
          </div>
          {favorite}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DatePickerInput
            label="Check-in"
            {...datePickerProps('check-in')}
            value={checkIn}
            onChange={(value) => value && onChange({ checkIn: value, checkOut })}
            minDate={todayDate}
            valueFormatter={valueFormatter}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
          />
          <DatePickerInput
            label="Check-out"
            {...datePickerProps('check-out')}
            value={checkOut}
            onChange={(value) => value && onChange({ checkIn, checkOut: value })}
            minDate={addDays(checkIn, 1)}
            valueFormatter={valueFormatter}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
          />
        </SimpleGrid>
        <NumberInput
          label="Guests"
          value={guests}
          min={1}
          max={GUESTS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          onChange={(value) => typeof value === 'number' && value >= 1 && onGuestsChange(value)}
        />
        {check.ok ? (
          <Text fw={600} size="lg" data-testid="stay-price" aria-live="polite">
            {nights && totalCents !== null
              ? `${nightsText(nights)} = ${formatUsd(totalCents)}`
              : 'Pricing your nights...'}
          </Text>
        ) : null}
        {check.ok && !soldOut ? terms : null}
        {error ? (
          <Text c="red.8" fw={500} role="alert">
            {error}
          </Text>
        ) : null}
        <Button
          size="md"
          leftSection={<IconShoppingCartPlus size={20} aria-hidden="true" />}
          onClick={add}
          disabled={blocked}
          loading={check.ok && !soldOut && availability.checking}
        >
          ADD TO CART
        </Button>
        {waitlist}
      </Stack>
    </Paper>
  );
}
