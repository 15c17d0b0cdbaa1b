import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { notifyError } from '../../../lib/notify.ts';

export const FAVORITES_LOGIN_MESSAGE = 'You must log in to add a room to favorites';

/**
 * The favourite heart (product §4). Favourites belong to an account: a signed-out visitor is told
 * to log in and the heart stays off.
 */
export function FavoriteToggle({ roomName }: { roomName: string }) {
  return (
    <Tooltip label="Add to favorites">
      <ActionIcon
        variant="default"
        size="xl"
        radius="xl"
        aria-label={`Add ${roomName} to favorites`}
        aria-pressed={false}
        onClick={() => notifyError(FAVORITES_LOGIN_MESSAGE, undefined, 'favorites-login')}
      >
        <IconHeart size={22} aria-hidden="true" color="var(--mantine-color-red-8)" />
      </ActionIcon>
    </Tooltip>
  );
}
