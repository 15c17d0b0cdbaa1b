import type { UserProfile } from '@devstay/shared/contracts/users';
import { WAITLIST_MESSAGES } from '@devstay/shared/messages';
import { Button, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useJoinWaitlist } from '../api/waitlist.ts';

interface JoinWaitlistButtonProps {
  /** The signed-in account: only a guest waits (a visitor or staff sees nothing here). */
  account: UserProfile | null | undefined;
  room: number;
  /** The room's name, for the button's accessible name where several rooms are listed. */
  roomName: string;
  checkIn: string;
  checkOut: string;
  quantity: number;
}

/**
 * 'Join the waitlist' for a stay a room has no units for: once joined, the guest is told, and
 * when units come free the first in line is offered them by e-mail (docs/product.md, Waitlist).
 */
export function JoinWaitlistButton({ account, room, roomName, ...stay }: JoinWaitlistButtonProps) {
  const join = useJoinWaitlist();
  if (account?.rol !== 'user') return null;
  if (join.isSuccess) {
    return (
      <Text size="sm" c="teal.9" role="status">
        {WAITLIST_MESSAGES.joined}
      </Text>
    );
  }
  return (
    <Button
      variant="light"
      leftSection={<IconHourglass size={18} aria-hidden="true" />}
      loading={join.isPending}
      aria-label={`${WAITLIST_MESSAGES.join} for ${roomName}`}
      onClick={() =>
        join.mutate(
          { room, ...stay },
          {
            onSuccess: () => notifySuccess(WAITLIST_MESSAGES.joined),
            onError: (error) => notifyError(errorMessage(error), 'Could not join the waitlist'),
          },
        )
      }
    >
      {WAITLIST_MESSAGES.join}
    </Button>
  );
}
