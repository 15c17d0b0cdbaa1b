import type { UserProfile } from '@devstay/shared/contracts/users';
import { WAITLIST_MESSAGES } from '@devstay/shared/messages';
import { loginReturningTo } from '@devstay/shared/paths';
import { Button, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useJoinWaitlist } from '../api/waitlist.ts';

interface JoinWaitlistButtonProps {
  /**
   * The signed-in account: only a guest waits; a visitor (null) is sent to sign in and back
   * here; staff, or an account not known yet (undefined), see nothing.
   */
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
  const here = useLocation();
  if (account === null) {
    return (
      <Button
        component={Link}
        to={loginReturningTo(here.pathname + here.search)}
        variant="light"
        leftSection={<IconHourglass size={18} aria-hidden="true" />}
        aria-label={`${WAITLIST_MESSAGES.join} for ${roomName}: sign in first`}
      >
        {WAITLIST_MESSAGES.join}
      </Button>
    );
  }
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
