import type { ConflictRoom } from '@devstay/shared/contracts/dashboard';
import { roomChannelsOf } from '@devstay/shared/paths';
import { capitalize } from '@devstay/shared/text';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useDateText } from '../../../lib/date-text.ts';
import { useChannelConflicts } from '../api/dashboard-api.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The open calendar conflicts of the hotels the signed-in staff run (the admin's hotel, every
 * hotel for the superAdmin, as the server decides): events of other channels that could not be
 * blocked because their nights are sold here. One line per room, each a link to the room's
 * Channels screen, where both sides show. None: a calm line, nothing to alarm.
 */
export function ChannelConflicts({ withHotel }: { withHotel: boolean }) {
  const query = useChannelConflicts();
  const titleId = useId();
  const dateText = useDateText();
  // Loading or failed (the failure is told as a toast): nothing in the way of the dashboard.
  if (!query.data) return null;
  const { total, rooms } = query.data;
  if (total === 0) {
    return (
      <Text c="dimmed" data-testid="channel-conflicts">
        No calendar conflicts: every imported channel event fits.
      </Text>
    );
  }
  const roomLabel = (r: ConflictRoom) =>
    `${capitalize(r.roomName)} room${withHotel ? ` at ${r.hotelName}` : ''}`;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="md"
      radius="md"
      data-testid="channel-conflicts"
      style={{ borderLeft: '4px solid var(--mantine-color-orange-7)' }}
    >
      <Title order={2} size="h3" id={titleId}>
        {`Calendar conflicts (${total})`}
      </Title>
      <Text size="sm" mt="xs">
        {`${total === 1 ? 'An event of another channel’s calendar could not be blocked: its nights are' : `${total} events of other channels’ calendars could not be blocked: their nights are`} already sold here. Nothing was overbooked; open the room to see both sides and move one.`}
      </Text>
      <Stack component="ul" gap="xs" mt="sm" mb={0} p={0} style={{ listStyle: 'none' }}>
        {rooms.map((r) => (
          <li key={r.roomId}>
            <Anchor component={Link} to={roomChannelsOf(r.roomId, r.hotelId)} fw={700}>
              {roomLabel(r)}
            </Anchor>
            <Text span size="sm">
              {`: ${plural(r.conflicts, 'conflict', 'conflicts')}, from ${dateText(r.firstNight)}`}
            </Text>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
