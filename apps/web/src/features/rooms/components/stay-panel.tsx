import '@mantine/dates/styles.layer.css';
import type { RoomDetail } from '@devstay/shared/contracts/catalogue';
import {
  addDays,
  calendarDateIn,
  checkStay,
  nightsBetween,
  stayPriceCents,
} from '@devstay/shared/stay';
import { formatUsd, priceToCents } from '@devstay/shared/text';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconShoppingCartPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dateInputFormatter, datePickerProps } from '../../../components/date-picker-props.ts';
import { useDateLocale } from '../../../lib/date-text.ts';

const NO_AVAILABILITY_MESSAGE = 'There is no availability for this room at the moment';

interface StayPanelProps {
  room: RoomDetail;
  checkIn: string;
  checkOut: string;
  onChange: (stay: { checkIn: string; checkOut: string }) => void;
  /**
   * The server's availability for one more unit of these dates: the product §5 text that blocks
   * ADD TO CART, null when a unit is free; `checking` while the server is asked.
   */
  availability: { checking: boolean; message: string | null };
  /** ADD TO CART with a valid stay; `totalCents` is the price of the stay for one unit. */
  onAddToCart: (stay: { checkIn: string; checkOut: string; totalCents: number }) => void;
  /** The favourite heart, beside the heading (the favourites feature's, handed in by the screen). */
  favorite?: ReactNode;
}

/**
 * Check-in and check-out (calendar dates, yyyy-MM-dd), the price of the stay and ADD TO CART
 * (product §2.6, §5). The stay price is nightly price × nights, from the shared rule.
 */
export function StayPanel({
  room,
  checkIn,
  checkOut,
  availability,
  onChange,
  onAddToCart,
  favorite,
}: StayPanelProps) {
  // The hotel's today, in its time zone: not the browser's date.
  const todayDate = calendarDateIn(room.Hotels.timeZone);
  const valueFormatter = dateInputFormatter(useDateLocale());
  const nightlyCents = priceToCents(room.price);
  const check = checkStay(checkIn, checkOut, todayDate);
  const nights = Math.max(1, nightsBetween(checkIn, checkOut));
  const totalCents = stayPriceCents(nightlyCents, checkIn, checkOut);
  const soldOut = room.stock <= 0;
  const error = soldOut ? NO_AVAILABILITY_MESSAGE : (check.error ?? availability.message);
  const blocked = !check.ok || soldOut || availability.checking || availability.message !== null;

  const add = () => {
    if (blocked) return;
    onAddToCart({ checkIn, checkOut, totalCents });
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
              {formatUsd(nightlyCents)} per night
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
        {check.ok ? (
          <Text fw={600} size="lg" data-testid="stay-price" aria-live="polite">
            {nights} {nights === 1 ? 'night' : 'nights'} × {formatUsd(nightlyCents)} ={' '}
            {formatUsd(totalCents)}
          </Text>
        ) : null}
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
      </Stack>
    </Paper>
  );
}
