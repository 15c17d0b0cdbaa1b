import { bookingReference } from '@devstay/shared/booking-reference';
import { guestsText } from '@devstay/shared/cart';
import { INVOICE_TITLES, invoiceNumberText } from '@devstay/shared/invoice';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { Anchor, Badge, Box, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { CalendarDownload } from '../../../components/calendar-download.tsx';
import { DetailStateScreen } from '../../../components/detail-state-screen.tsx';
import { BookingCancellationTerms } from '../../../components/free-cancellation-terms.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ColumnHeaders, StackedTable, Tbody, Td, Tr } from '../../../components/stacked-table.tsx';
import { bookingCalendarUrl } from '../../../features/bookings/api/bookings.ts';
import { useBookingReceipt } from '../../../features/checkout/api/get-receipt.ts';
import { useDateText } from '../../../lib/date-text.ts';
import { nightsText } from '../../../lib/night-prices.ts';

/** /bookings/:id/receipt — the bill the 'Hotel Receipt' e-mail links to; printable. */
export function ReceiptPage() {
  const id = useParams().id ?? '';
  const receipt = useBookingReceipt(id);
  const dateText = useDateText();

  if (receipt.isPending || receipt.isError) {
    return (
      <DetailStateScreen
        query={receipt}
        validId={id !== ''}
        notFoundTitle="Booking not found"
        notFoundMessage="This booking does not exist."
        loadingText="Loading receipt..."
        errorTitle="The receipt could not be loaded"
      />
    );
  }

  const data = receipt.data;
  const payment = data.payment;
  return (
    <Container size="md" py="lg">
      <Group justify="space-between" align="center">
        <PageTitle documentTitle="Receipt">Receipt</PageTitle>
        <Group gap="sm">
          {data.status === 'confirmed' ? (
            <CalendarDownload href={bookingCalendarUrl(data.id)} what="this booking" />
          ) : null}
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden="true" />}
            onClick={() => window.print()}
          >
            Print
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md" mt="md">
        <Stack gap="xs">
          <Group gap="sm">
            <Text>
              Booking reference{' '}
              <Text span fw={700} ff="monospace" data-testid="booking-reference">
                {bookingReference(data.id)}
              </Text>
            </Text>
            {/* The darkest shades, as the bookings' badges: white on them passes 4.5:1. */}
            <Badge
              color={data.status === 'confirmed' ? 'teal.9' : 'gray.8'}
              data-testid="receipt-status"
            >
              {capitalize(data.status)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Booked on {dateText(data.date)} · Booking number {data.id}
          </Text>
        </Stack>
        <Box
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label="Booked rooms"
          mt="md"
        >
          <StackedTable>
            <ColumnHeaders names={['Room', 'Stay', 'Nights', 'Quantity', 'Amount']} />
            <Tbody>
              {data.cartRoom.map((line) => (
                <Tr key={`${line.id}-${line.checkIn}-${line.checkOut}`}>
                  <Td label="Room">
                    <div>
                      <Text fw={600}>{capitalize(line.name)}</Text>
                      <Text size="sm" c="dimmed">
                        {line.hotel} · {line.address}
                      </Text>
                      <Text size="sm">{guestsText(line.guests)}</Text>
                      {line.traveller ? (
                        <Text size="sm" data-testid="receipt-line-traveller">
                          Traveller: {line.traveller.name}
                          {line.traveller.email ? ` (${line.traveller.email})` : ''}
                        </Text>
                      ) : null}
                      {line.cancelled ? (
                        <Text size="sm" c="red.8">
                          Cancelled and refunded
                        </Text>
                      ) : null}
                    </div>
                  </Td>
                  <Td label="Stay">
                    {dateText(line.checkIn)} to {dateText(line.checkOut)}
                  </Td>
                  <Td label="Nights" data-testid="receipt-line-nights">
                    {nightsText(line.nights)}
                  </Td>
                  <Td label="Quantity">{line.cartQuantity}</Td>
                  <Td label="Amount">{formatUsd(line.totalCents)}</Td>
                </Tr>
              ))}
            </Tbody>
          </StackedTable>
        </Box>
        <Group justify="space-between" mt="md">
          <Text>Rooms</Text>
          <Text fw={700}>{data.cartTotalQuantity}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Total</Text>
          <Text fw={700} size="xl" data-testid="receipt-total">
            {formatUsd(data.cartTotalCents)}
          </Text>
        </Group>
        <Text mt="sm" data-testid="receipt-payment">
          {payment
            ? `Paid by ${capitalize(payment.cardBrand ?? 'card')} ending in ${payment.cardLast4 ?? '····'} (${payment.status})`
            : 'Not paid yet'}
        </Text>
        {/* The terms of a booking still held: a cancelled or expired one has none left. */}
        {data.status === 'confirmed' ? (
          <Box mt="sm">
            <BookingCancellationTerms terms={data.freeCancellation} lines={data.cartRoom.length} />
          </Box>
        ) : null}
        {data.invoices.length > 0 ? (
          <Stack gap={4} mt="md" component="section" aria-label="Invoices">
            <Text fw={600}>Invoices</Text>
            {data.invoices.map((doc) => (
              <Anchor key={`${doc.kind}-${doc.hotelId}-${doc.number}`} href={doc.url} download>
                {INVOICE_TITLES[doc.kind]} No. {invoiceNumberText(doc.number)} · {doc.hotel} ·{' '}
                {formatUsd(doc.totalCents)} (PDF)
              </Anchor>
            ))}
          </Stack>
        ) : null}
      </Paper>
    </Container>
  );
}
