import '@mantine/core/styles/Table.layer.css';
import type { EditableRoom } from '@devstay/shared/contracts/content';
import type { RateRule } from '@devstay/shared/contracts/rates';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import {
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmRemoval } from '../../../components/confirm-removal.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { refreshContent } from '../api/content-api.ts';
import { removeRate, useRoomRates } from '../api/rates-api.ts';
import { describeSaveFailure } from '../utils/form-texts.ts';
import {
  emptyRateDraft,
  RATE_KIND_LABELS,
  RATE_TEXTS,
  rateDraftOf,
  ruleNights,
} from '../utils/rate-rules.ts';
import { RateCalendar } from './rate-calendar.tsx';
import { RateRuleForm } from './rate-rule-form.tsx';
import { RoomOfHotel } from './room-of-hotel.tsx';

/**
 * A room's nightly rates (product §3, "Rates"): the hotel (fixed for an admin), the room, then
 * the calendar of its nights' prices, its rules with Change and Remove, and the rule form.
 */
export function RoomRates({ fixedHotel }: { fixedHotel: HotelRef | null }) {
  return (
    <RoomOfHotel fixedHotel={fixedHotel}>
      {(room, today) => <RoomRatesOf key={room.id} room={room} today={today} />}
    </RoomOfHotel>
  );
}

/** The calendar, the rules and the form of one room. */
function RoomRatesOf({ room, today }: { room: EditableRoom; today: string }) {
  const rates = useRoomRates(room.id);
  // The rule being changed, by id; its form follows the list's copy (and its version).
  const [changing, setChanging] = useState<number | null>(null);
  // A new rule's form starts over after each save.
  const [created, setCreated] = useState(0);
  const rule = rates.data?.find((r) => r.id === changing) ?? null;
  const name = `${capitalize(room.name)} — ${room.category}`;
  return (
    <Stack gap="md">
      <RateCalendar roomId={room.id} basePrice={room.price} today={today} />
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="rate-rules">
        <Title order={2} size="h4" id="rate-rules" mb="sm">
          Rules of the {name} room
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          A season's price wins over a weekday rule's, which wins over the base price; the hotel's
          event-night premium is added on its event nights.
        </Text>
        {rates.isError ? (
          <Text c="red.8" role="alert">
            The rules could not be loaded.
          </Text>
        ) : rates.data === undefined ? (
          <Text role="status">Loading the rules...</Text>
        ) : rates.data.length === 0 ? (
          <Text>No rules yet: every night costs the base price.</Text>
        ) : (
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Rules">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col">Nights</Table.Th>
                  <Table.Th scope="col">Price</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.data.map((r) => (
                  <Table.Tr key={r.id} data-testid="rate-rule">
                    <Table.Td>{RATE_KIND_LABELS[r.kind]}</Table.Td>
                    <Table.Td>{ruleNights(r)}</Table.Td>
                    <Table.Td>{formatUsd(priceToCents(r.price))}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          leftSection={<IconPencil size={16} aria-hidden="true" />}
                          aria-label={`Change the rule for ${ruleNights(r)}`}
                          onClick={() => setChanging(r.id)}
                        >
                          Change
                        </Button>
                        <RemoveRateButton
                          rule={r}
                          onRemoved={() => {
                            if (changing === r.id) setChanging(null);
                          }}
                          onReload={() => void rates.refetch()}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </Paper>
      {rule ? (
        <RateRuleForm
          key={`${rule.id}-${rule.version}`}
          roomId={room.id}
          initial={rateDraftOf(rule)}
          onSaved={() => setChanging(null)}
          onCancel={() => setChanging(null)}
          onReload={() => void rates.refetch()}
        />
      ) : (
        <RateRuleForm
          key={`new-${created}`}
          roomId={room.id}
          initial={emptyRateDraft(room.price)}
          onSaved={() => setCreated((n) => n + 1)}
        />
      )}
    </Stack>
  );
}

/** Remove, asked for confirmation first; the list is read again whatever the answer. */
function RemoveRateButton({
  rule,
  onRemoved,
  onReload,
}: {
  rule: RateRule;
  onRemoved: () => void;
  onReload: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({ mutationFn: () => removeRate(rule) });
  const nights = ruleNights(rule);
  const confirm = (close: () => void) =>
    remove.mutate(undefined, {
      onSuccess: () => {
        void refreshContent(queryClient);
        notifySuccess(RATE_TEXTS.remove.success, 'rate-remove');
        onRemoved();
      },
      onError: (error) => {
        // A 409: changed by someone else since the list was read (the forms' stale message).
        const failure = describeSaveFailure(RATE_TEXTS.remove, error);
        notifyError(failure.message, failure.title, 'rate-remove');
        // Removed or changed by someone else meanwhile: show what is stored now.
        onReload();
      },
      onSettled: close,
    });
  return (
    <ConfirmRemoval
      label="Remove"
      ariaLabel={`Remove the rule for ${nights}`}
      title="Remove rule"
      confirmLabel="Yes, remove it"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Text>
        Remove the {RATE_KIND_LABELS[rule.kind].toLowerCase()} rule for {nights} (
        {formatUsd(priceToCents(rule.price))} per night)? Its nights go back to the other rules and
        the base price.
      </Text>
    </ConfirmRemoval>
  );
}
