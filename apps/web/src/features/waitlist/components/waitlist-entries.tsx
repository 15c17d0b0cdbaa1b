import type { WaitlistEntry } from '@devstay/shared/contracts/waitlist';
import { WAITLIST_MESSAGES } from '@devstay/shared/messages';
import { paths } from '@devstay/shared/paths';
import { capitalize } from '@devstay/shared/text';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api.ts';
import { useDateText } from '../../../lib/date-text.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useLeaveWaitlist, useWaitlist } from '../api/waitlist.ts';

const STATE_TEXT: Record<WaitlistEntry['state'], { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'gray' },
  offered: { label: 'A room is free for you', color: 'teal' },
  booked: { label: 'Booked', color: 'blue' },
  expired: { label: 'Expired', color: 'orange' },
  left: { label: 'Left', color: 'gray' },
};

/** When an offer ends, in the browser's own clock and zone (it is an instant, not a date). */
const endText = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The guest's waitlist on their profile: each stay waited for, its state, Pay or Leave. */
export function WaitlistEntries({ userId }: { userId: string }) {
  const list = useWaitlist(userId);
  const leave = useLeaveWaitlist();
  const dateText = useDateText();
  return (
    <section aria-labelledby="waitlist-heading">
      <Title order={2} size="h3" id="waitlist-heading" mb="sm">
        Waitlist
      </Title>
      {list.isPending ? (
        <Text role="status">Loading your waitlist...</Text>
      ) : list.isError ? (
        <Text c="red.8">{errorMessage(list.error)}</Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{WAITLIST_MESSAGES.none}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.map((entry) => {
            const state = STATE_TEXT[entry.state];
            const live = entry.state === 'waiting' || entry.state === 'offered';
            const name = `${capitalize(entry.roomName)} at ${entry.hotel.name}`;
            return (
              <Paper component="li" withBorder p="sm" key={entry.id} aria-label={name}>
                <Group justify="space-between" align="flex-start">
                  <Stack gap={2}>
                    <Anchor component={Link} to={paths.room(entry.room, entry)} fw={600}>
                      {name}
                    </Anchor>
                    <Text size="sm">
                      {dateText(entry.checkIn)} to {dateText(entry.checkOut)} · {entry.quantity}{' '}
                      {entry.quantity === 1 ? 'room' : 'rooms'}
                    </Text>
                    <Group gap="xs">
                      <Badge color={state.color} variant="light" data-testid="waitlist-state">
                        {state.label}
                      </Badge>
                      {entry.state === 'offered' && entry.offerEndsAt ? (
                        <Text size="sm">Held for you until {endText(entry.offerEndsAt)}</Text>
                      ) : null}
                    </Group>
                  </Stack>
                  <Group gap="xs">
                    {entry.state === 'offered' && entry.booking ? (
                      <Button component={Link} to={paths.payHold(entry.booking)} size="sm">
                        Pay now
                      </Button>
                    ) : null}
                    {live ? (
                      <Button
                        size="sm"
                        variant="default"
                        aria-label={`Leave the waitlist for ${name}`}
                        loading={leave.isPending && leave.variables === entry.id}
                        onClick={() =>
                          leave.mutate(entry.id, {
                            onSuccess: () => notifySuccess(WAITLIST_MESSAGES.left),
                            onError: (error) =>
                              notifyError(errorMessage(error), 'Could not leave the waitlist'),
                          })
                        }
                      >
                        Leave
                      </Button>
                    ) : null}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
