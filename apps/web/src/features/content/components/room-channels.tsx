import '@mantine/core/styles/Table.layer.css';
import type { ChannelFeed, RoomBlock } from '@devstay/shared/contracts/channels';
import type { EditableRoom } from '@devstay/shared/contracts/content';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { addDays } from '@devstay/shared/stay';
import { capitalize } from '@devstay/shared/text';
import {
  Button,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  addBlock,
  addFeed,
  channelsKey,
  makeExportAddress,
  removeBlock,
  removeFeed,
  setFeedPaused,
  syncFeedNow,
  useRoomBlocks,
  useRoomConflicts,
  useRoomFeeds,
} from '../api/channels-api.ts';
import { RoomOfHotel } from './room-of-hotel.tsx';

/** A record's id from the address, when it is one. */
function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const failed = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A room's channels: its export address for other channels, the calendars it imports with
 * their status, the conflicts, and staff blocks on a month calendar — all on the room's ledger.
 */
export function RoomChannels({ fixedHotel }: { fixedHotel: HotelRef | null }) {
  // `?hotel=…&room=…` (roomChannelsOf) opens a room: the dashboard's conflicts link here.
  const [params] = useSearchParams();
  return (
    <RoomOfHotel
      fixedHotel={fixedHotel}
      initialHotel={idParam(params.get('hotel'))}
      initialRoom={params.get('room')}
    >
      {(room, today) => <ChannelsOf key={room.id} room={room} today={today} />}
    </RoomOfHotel>
  );
}

function ChannelsOf({ room, today }: { room: EditableRoom; today: string }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: channelsKey(room.id) });
  return (
    <Stack gap="md">
      <ExportAddress roomId={room.id} />
      <Feeds room={room} refresh={refresh} />
      <Conflicts roomId={room.id} />
      <Blocks room={room} today={today} refresh={refresh} />
    </Stack>
  );
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function ExportAddress({ roomId }: { roomId: number }) {
  const feeds = useRoomFeeds(roomId);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const made = feeds.data?.exportKeyCreatedAt ?? null;
  const make = async () => {
    setBusy(true);
    try {
      setUrl((await makeExportAddress(roomId)).url);
      void feeds.refetch();
    } catch (error) {
      notifyError(failed(error), 'Could not make the address');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="channels-export" title="Export address">
      <Text size="sm" mb="sm">
        Paste this address into Booking.com, Airbnb or any calendar: it lists the nights this room
        has no unit left. It is shown once; a new address stops the old one at once.
      </Text>
      {url ? (
        <Stack gap="xs">
          <TextInput
            label="Export address"
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} w="fit-content">
                {copied ? 'Copied' : 'Copy address'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      ) : made ? (
        <Text size="sm">An export address was made on {made.slice(0, 10)}.</Text>
      ) : (
        <Text size="sm">No export address yet.</Text>
      )}
      <Button mt="sm" onClick={make} loading={busy} variant={made ? 'default' : 'filled'}>
        {made ? 'Rotate address' : 'Make export address'}
      </Button>
    </Section>
  );
}

function Feeds({ room, refresh }: { room: EditableRoom; refresh: () => Promise<void> }) {
  const feeds = useRoomFeeds(room.id);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [units, setUnits] = useState<number | string>(1);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await addFeed(room.id, { url, name, unitsPerEvent: Number(units) });
      setUrl('');
      setName('');
      setError(null);
      notifySuccess('Calendar added: sync it now or wait for the next sync');
      await refresh();
    } catch (e) {
      const field = (e as { field?: string }).field;
      setError({ field, message: failed(e) });
    }
  };
  return (
    <Section id="channels-feeds" title="Imported calendars">
      {feeds.data?.feeds.length === 0 ? <Text size="sm">No calendar imported yet.</Text> : null}
      <Stack gap="sm">
        {feeds.data?.feeds.map((feed) => (
          <FeedCard key={feed.id} feed={feed} refresh={refresh} />
        ))}
      </Stack>
      <form onSubmit={submit} aria-label="Import a calendar">
        <Stack gap="xs" mt="md">
          <TextInput
            label="Calendar address (.ics)"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={error?.field === 'url' ? error.message : undefined}
            required
          />
          <TextInput
            label="Channel name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error?.field === 'name' ? error.message : undefined}
            required
          />
          <NumberInput
            label="Units per event"
            value={units}
            onChange={setUnits}
            min={1}
            max={room.stock}
            error={error?.field === 'unitsPerEvent' ? error.message : undefined}
          />
          {error && !['url', 'name', 'unitsPerEvent'].includes(error.field ?? '') ? (
            <Text c="red.8" role="alert" size="sm">
              {error.message}
            </Text>
          ) : null}
          <Button type="submit" w="fit-content">
            Import calendar
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

function FeedCard({ feed, refresh }: { feed: ChannelFeed; refresh: () => Promise<void> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const act =
    (label: string, run: () => Promise<unknown>, done?: (r: unknown) => void) => async () => {
      setBusy(label);
      try {
        const result = await run();
        done?.(result);
        await refresh();
      } catch (error) {
        notifyError(failed(error), `Could not ${label.toLowerCase()}`);
      } finally {
        setBusy(null);
      }
    };
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="channel-feed">
      <Text fw={700}>{feed.name}</Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {feed.urlHint} · {feed.unitsPerEvent} {feed.unitsPerEvent === 1 ? 'unit' : 'units'} per
        event
        {feed.paused ? ' · paused' : ''}
      </Text>
      <Text size="sm">
        Last synced: {feed.lastSuccessAt ? new Date(feed.lastSuccessAt).toLocaleString() : 'never'}{' '}
        · {feed.nightsBlocked} {feed.nightsBlocked === 1 ? 'night' : 'nights'} blocked
        {feed.conflicts > 0 ? ` · ${feed.conflicts} in conflict` : ''}
      </Text>
      {feed.lastError ? (
        <Text size="sm" c="red.8">
          Last error: {feed.lastError}
        </Text>
      ) : null}
      <Group gap="xs" mt="xs">
        <Button
          size="compact-sm"
          loading={busy === 'Sync'}
          onClick={act(
            'Sync',
            () => syncFeedNow(feed.id),
            (r) => {
              const o = r as {
                status: string;
                error: string | null;
                nightsBlocked: number;
                conflicts: number;
              };
              if (o.status === 'failed') notifyError(o.error ?? 'The sync failed', 'Sync failed');
              else
                notifySuccess(
                  `Synced: ${o.nightsBlocked} nights blocked, ${o.conflicts} conflicts`,
                );
            },
          )}
          aria-label={`Sync ${feed.name} now`}
        >
          Sync now
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={busy === 'Pause'}
          onClick={act('Pause', () => setFeedPaused(feed.id, !feed.paused))}
          aria-label={`${feed.paused ? 'Resume' : 'Pause'} ${feed.name}`}
        >
          {feed.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={busy === 'Remove'}
          onClick={act('Remove', () => removeFeed(feed.id))}
          aria-label={`Remove ${feed.name}`}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

function Conflicts({ roomId }: { roomId: number }) {
  const conflicts = useRoomConflicts(roomId);
  return (
    <Section id="channels-conflicts" title="Conflicts">
      {conflicts.data?.length === 0 ? (
        <Text size="sm">No conflicts: every imported event fits.</Text>
      ) : null}
      <Stack gap="sm">
        {conflicts.data?.map((c) => (
          <Paper key={c.id} withBorder p="sm" radius="sm" data-testid="channel-conflict">
            <Text fw={700}>
              {c.feedName}: {c.summary}
            </Text>
            <Text size="sm">
              Nights {c.from} to {c.to} ({c.units} {c.units === 1 ? 'unit' : 'units'}): sold out
              here on {c.soldNight}. Nothing was overbooked; one side must move.
            </Text>
            {c.bookings.map((b) => (
              <Text
                key={`${b.bookingId}-${b.checkIn}`}
                size="sm"
                c="dimmed"
                style={{ overflowWrap: 'anywhere' }}
              >
                Booking {b.bookingId}: {b.checkIn} to {b.checkOut}, {b.quantity}{' '}
                {b.quantity === 1 ? 'unit' : 'units'}
              </Text>
            ))}
          </Paper>
        ))}
      </Stack>
    </Section>
  );
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Units blocked on each night of the month `month` (yyyy-MM), by staff and by channels. */
function blockedByNight(blocks: readonly RoomBlock[], month: string) {
  const nights = new Map<string, number>();
  for (const b of blocks) {
    for (let night = b.from; night < b.to; night = addDays(night, 1)) {
      if (night.startsWith(month)) nights.set(night, (nights.get(night) ?? 0) + b.units);
    }
  }
  return nights;
}

function Blocks({
  room,
  today,
  refresh,
}: {
  room: EditableRoom;
  today: string;
  refresh: () => Promise<void>;
}) {
  const blocks = useRoomBlocks(room.id);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 1));
  const [units, setUnits] = useState<number | string>(1);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const first = `${month}-01`;
  const days = new Date(
    Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0),
  ).getUTCDate();
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const nights = blockedByNight(blocks.data ?? [], month);
  const cells = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  ];
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) {
    const week = cells.slice(i, i + 7);
    weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  }
  const shift = (months: number) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + months);
    setMonth(d.toISOString().slice(0, 7));
  };
  const label = new Date(`${first}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await addBlock(room.id, { from, to, units: Number(units), reason });
      setReason('');
      setError(null);
      notifySuccess('Units blocked');
      await refresh();
    } catch (e) {
      setError({ field: (e as { field?: string }).field, message: failed(e) });
    }
  };
  return (
    <Section id="channels-blocks" title={`Blocks of the ${capitalize(room.name)} room`}>
      <Group justify="space-between" mb="xs">
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => shift(-1)}
          aria-label="Previous month"
        >
          ‹
        </Button>
        <Text fw={700} aria-live="polite">
          {label}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => shift(1)}
          aria-label="Next month"
        >
          ›
        </Button>
      </Group>
      <Table withTableBorder withColumnBorders layout="fixed" fz="xs" data-testid="block-calendar">
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          Units blocked each night of {label}, of {room.stock}
        </caption>
        <Table.Thead>
          <Table.Tr>
            {WEEKDAYS.map((w) => (
              <Table.Th key={w} scope="col" ta="center" px={2}>
                {w}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.map((week) => (
            <Table.Tr key={week.find(Boolean) ?? 'empty'}>
              {week.map((night, i) => {
                const blocked = night ? (nights.get(night) ?? 0) : 0;
                return (
                  <Table.Td
                    // biome-ignore lint/suspicious/noArrayIndexKey: a week's seven places
                    key={i}
                    ta="center"
                    px={2}
                    bg={blocked > 0 ? 'orange.1' : undefined}
                    data-testid={blocked > 0 ? 'blocked-night' : undefined}
                    data-night={night ?? undefined}
                  >
                    {night ? (
                      <>
                        <Text size="xs">{Number(night.slice(8))}</Text>
                        <Text size="xs" fw={700} c={blocked > 0 ? 'orange.9' : 'gray.7'}>
                          {blocked > 0 ? `${blocked}` : '–'}
                          <VisuallyHidden> blocked</VisuallyHidden>
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
      <Stack gap="xs" mt="md">
        {blocks.data
          ?.filter((b) => b.feedId === null)
          .map((b) => (
            <Group key={b.id} justify="space-between" wrap="nowrap" data-testid="staff-block">
              <Text size="sm">
                {b.from} to {b.to}: {b.units} {b.units === 1 ? 'unit' : 'units'}, {b.reason}
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`Unblock ${b.from} to ${b.to}`}
                onClick={async () => {
                  try {
                    await removeBlock(b.id);
                    await refresh();
                  } catch (e) {
                    notifyError(failed(e), 'Could not unblock');
                  }
                }}
              >
                Unblock
              </Button>
            </Group>
          ))}
      </Stack>
      <form onSubmit={submit} aria-label="Block units">
        <Stack gap="xs" mt="md">
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="First night"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={error?.field === 'from' ? error.message : undefined}
            />
            <TextInput
              type="date"
              label="Free again on"
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={error?.field === 'to' ? error.message : undefined}
            />
          </Group>
          <NumberInput
            label="Units"
            value={units}
            onChange={setUnits}
            min={1}
            max={room.stock}
            error={error?.field === 'units' ? error.message : undefined}
          />
          <TextInput
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error?.field === 'reason' ? error.message : undefined}
            required
          />
          {error && !['from', 'to', 'units', 'reason'].includes(error.field ?? '') ? (
            <Text c="red.8" role="alert" size="sm">
              {error.message}
            </Text>
          ) : null}
          <Button type="submit" w="fit-content">
            Block units
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
