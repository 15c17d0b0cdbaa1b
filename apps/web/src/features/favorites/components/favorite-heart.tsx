import '@mantine/core/styles/Tooltip.layer.css';
import { capitalize } from '@devstay/shared/text';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { type HeartAccount, useFavoriteHeart } from '../hooks/use-favorite-heart.ts';

/** A room as the hearts and their toasts name it: 'Suite at Palermo Commit Suites'. */
export function roomAtHotel(roomName: string, hotelName: string): string {
  return `${capitalize(roomName)} at ${hotelName}`;
}

interface FavoriteHeartProps {
  account: HeartAccount;
  /** The room, its name as the screen shows it (the button's name and the toasts repeat it). */
  room: { id: number; name: string };
}

/**
 * The favourite heart of a room (product §2.6): a button named for what it does next, 'Add …
 * to favorites' when off and 'Remove … from favorites' when on (the name carries the state, so
 * no aria-pressed repeats it).
 */
export function FavoriteHeart({ account, room }: FavoriteHeartProps) {
  const heart = useFavoriteHeart(account, room);
  const Icon = heart.on ? IconHeartFilled : IconHeart;
  return (
    <Tooltip label={heart.on ? 'Remove from favorites' : 'Add to favorites'}>
      <ActionIcon
        variant="default"
        size="xl"
        radius="xl"
        aria-label={
          heart.on ? `Remove ${room.name} from favorites` : `Add ${room.name} to favorites`
        }
        aria-busy={heart.busy}
        onClick={heart.toggle}
      >
        <Icon size={22} aria-hidden="true" color="var(--mantine-color-red-8)" />
      </ActionIcon>
    </Tooltip>
  );
}
