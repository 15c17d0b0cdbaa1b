import '@mantine/core/styles/Table.layer.css';
import { WEEKDAY_NAMES } from '@devstay/shared/rates';
import { formatUsd, priceToCents } from '@devstay/shared/text';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type CSSProperties, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { useRoomPrices } from '../api/rates-api.ts';
import { CALENDAR_MAX_OFFSET, CALENDAR_MONTHS, calendarWindow } from '../utils/rate-rules.ts';

interface RateCalendarProps {
  roomId: number;
  /** The room's base nightly price, dollars: nights priced otherwise are marked. */
  basePrice: number;
  /** The hotel's today (yyyy-MM-dd): earlier nights are no longer sold, and not priced. */
  today: string;
}

const DEARER: CSSProperties = { background: 'var(--mantine-color-orange-light)' };
const CHEAPER: CSSProperties = { background: 'var(--mantine-color-teal-light)' };

/**
 * Each night of the coming months with its price, as the server prices a stay (the room's rules
 * and the hotel's event nights): three months at a time, up to a year ahead.
 */
export function RateCalendar({ roomId, basePrice, today }: RateCalendarProps) {
  const [offset, setOffset] = useState(0);
  const shown = calendarWindow(today, offset);
  const prices = useRoomPrices(roomId, shown.from, shown.to);
  const byDate = useMemo(
    () => new Map((prices.data?.nights ?? []).map((n) => [n.date, priceToCents(n.price)])),
    [prices.data],
  );
  const baseCents = priceToCents(basePrice);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="rate-calendar">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="rate-calendar">
            Nightly prices
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
              disabled={offset === 0}
              onClick={() => setOffset((o) => Math.max(0, o - CALENDAR_MONTHS))}
            >
              Earlier months
            </Button>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={16} aria-hidden="true" />}
              disabled={offset + CALENDAR_MONTHS > CALENDAR_MAX_OFFSET}
              onClick={() => setOffset((o) => o + CALENDAR_MONTHS)}
            >
              Later months
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Base price {formatUsd(baseCents)} per night.{' '}
          <Text span style={{ ...DEARER, padding: '0 4px' }}>
            Dearer
          </Text>{' '}
          and{' '}
          <Text span style={{ ...CHEAPER, padding: '0 4px' }}>
            cheaper
          </Text>{' '}
          nights are marked.
        </Text>
        {prices.isError ? (
          <Alert color="red" title="The prices could not be loaded">
            {errorMessage(prices.error)}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: CALENDAR_MONTHS }} spacing="md">
          {shown.months.map((month) => (
            <Table
              key={month.key}
              withTableBorder
              layout="fixed"
              verticalSpacing={4}
              horizontalSpacing={2}
              fz="xs"
              data-testid={`rate-month-${month.key}`}
            >
              <Table.Caption style={{ captionSide: 'top', fontWeight: 600 }}>
                {month.title}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {WEEKDAY_NAMES.map((name) => (
                    <Table.Th key={name} scope="col" ta="center">
                      <abbr title={name}>{name.slice(0, 2)}</abbr>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {month.weeks.map((week) => (
                  <Table.Tr key={week.find(Boolean) ?? ''}>
                    {week.map((date, i) => {
                      const cents = date ? byDate.get(date) : undefined;
                      const style =
                        cents === undefined || cents === baseCents
                          ? undefined
                          : cents > baseCents
                            ? DEARER
                            : CHEAPER;
                      return (
                        <Table.Td
                          key={date ?? `empty-${i}`}
                          ta="center"
                          style={style}
                          data-date={date ?? undefined}
                        >
                          {date ? (
                            <>
                              <Text span fz="xs" c="dimmed" display="block">
                                {Number(date.slice(8))}
                              </Text>
                              <Text span fz="xs" fw={600} display="block">
                                {cents === undefined
                                  ? date < today
                                    ? '–'
                                    : '…'
                                  : formatUsd(cents)}
                              </Text>
                            </>
                          ) : null}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
