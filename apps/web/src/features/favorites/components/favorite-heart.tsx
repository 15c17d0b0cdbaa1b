import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { type HeartAccount, useFavoriteHeart } from '../hooks/use-favorite-heart.ts';

interface FavoriteHeartProps {
  account: HeartAccount;
  /** The room, its name as the screen shows it (the toasts repeat it). */
  room: { id: number; name: string };
}

/** The favourite heart of a room (product §2.6): a toggle button, pressed when it is a favourite. */
export function FavoriteHeart({ account, room }: FavoriteHeartProps) {
  const heart = useFavoriteHeart(account, room);
  const Icon = heart.on ? IconHeartFilled : IconHeart;
  return (
    <Tooltip label={heart.on ? 'Remove from favorites' : 'Add to favorites'}>
      <ActionIcon
        variant="default"
        size="xl"
        radius="xl"
        // One name in both states; aria-pressed says which (a toggle button's pattern).
        aria-label={`Add ${room.name} to favorites`}
        aria-pressed={heart.on}
        aria-busy={heart.busy}
        onClick={heart.toggle}
      >
        <Icon size={22} aria-hidden="true" color="var(--mantine-color-red-8)" />
      </ActionIcon>
    </Tooltip>
  );
}
