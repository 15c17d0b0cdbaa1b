import '@mantine/core/styles/Modal.layer.css';
import type { BookedRoom, BookingRecord, RefundOutcome } from '@devstay/shared/contracts/booking';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { capitalize } from '@devstay/shared/text';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { useDateText } from '../../../lib/date-text.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelBooking } from '../api/bookings.ts';

/**
 * What the cancel's toast says of the payment ('' when nothing was paid). A refused refund is
 * for staff to settle with the guest; the guest is told we will be in touch.
 */
function refundText(refund: RefundOutcome, by: 'guest' | 'staff'): string {
  switch (refund.status) {
    case 'refunded':
      return `${BOOKING_MESSAGES.cancelled}; the payment was refunded`;
    case 'pending':
      return `${BOOKING_MESSAGES.cancelled}; the refund follows as soon as the payment service answers`;
    case 'refused':
      return by === 'staff'
        ? `The payment service refused the refund (${refund.reason ?? 'no reason given'}): settle it with the guest`
        : `${BOOKING_MESSAGES.cancelled}; the payment service did not take the refund, and the hotel will contact you about it`;
    default:
      return '';
  }
}

/**
 * Cancel with a confirmation first (product §8): `ask(booking)` opens it; render `dialog`
 * once. Toasts 'Reservation cancelled' or 'Reservation not canceled'.
 */
export function useCancelBookingFlow(by: 'guest' | 'staff') {
  // `room`: one traveller's stay alone (a team trip); none: the whole booking.
  const [asked, setAsked] = useState<{ booking: BookingRecord; room?: BookedRoom } | null>(null);
  const target = asked?.booking ?? null;
  const setTarget = (booking: BookingRecord | null) => setAsked(booking ? { booking } : null);
  const dateText = useDateText();
  const cancel = useCancelBooking();
  const travellerRoom = asked?.room;

  const confirm = () => {
    if (!target) return;
    const booking = target;
    cancel.mutate(travellerRoom ? { ...booking, line: travellerRoom.line } : booking, {
      onSuccess: ({ refund }) => {
        const id = `cancel-${booking.id}`;
        const done = travellerRoom
          ? BOOKING_MESSAGES.travellerCancelled
          : BOOKING_MESSAGES.cancelled;
        const said = refundText(refund, by).replace(BOOKING_MESSAGES.cancelled, done);
        if (refund.status === 'refused') {
          // Cancelled, but the money did not go back: say so, in the error colour.
          notifyError(said, done, id);
        } else {
          notifySuccess(said || done, id);
        }
      },
      onError: (error) =>
        notifyError(errorMessage(error), BOOKING_MESSAGES.notCancelled, `cancel-${booking.id}`),
      onSettled: () => setTarget(null),
    });
  };

  const dialog = (
    <Modal
      opened={target !== null}
      onClose={cancel.isPending ? () => {} : () => setTarget(null)}
      title={travellerRoom ? 'Cancel this traveller’s stay' : 'Cancel reservation'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text fw={600}>
          {travellerRoom
            ? `Cancel the stay of ${travellerRoom.traveller?.name ?? 'this traveller'}? Its amount is refunded; the rest of the trip stands.`
            : BOOKING_MESSAGES.cancelConfirm}
        </Text>
        {/* A cancel frees the whole booking (every room of it the asker sees), or one line. */}
        {(travellerRoom ? [travellerRoom] : (target?.cartRoom ?? [])).map((room) => (
          <Text c="dimmed" key={`${room.id}-${room.checkIn}-${room.checkOut}`}>
            {`${capitalize(room.name)} at ${room.hotel}, ${dateText(room.checkIn)} to ${dateText(room.checkOut)}`}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => setTarget(null)}
            disabled={cancel.isPending}
            data-autofocus
          >
            No
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={confirm}>
            Yes, cancel it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return {
    ask: (booking: BookingRecord) => setTarget(booking),
    /** Asks to cancel one traveller's stay alone. */
    askLine: (booking: BookingRecord, room: BookedRoom) => setAsked({ booking, room }),
    dialog,
    cancellingId: cancel.isPending ? cancel.variables?.id : undefined,
  };
}
