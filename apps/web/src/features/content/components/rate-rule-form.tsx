import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { PRICE_MAX, PRICE_MIN } from '@devstay/shared/constants';
import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import { RATE_KINDS, type RateKind, WEEKDAY_NAMES } from '@devstay/shared/rates';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { refreshContent } from '../api/content-api.ts';
import { saveRate } from '../api/rates-api.ts';
import { useRateDraft } from '../hooks/use-rate-draft.ts';
import { describeSaveFailure } from '../utils/form-texts.ts';
import { RATE_KIND_LABELS, RATE_TEXTS, type RateDraft } from '../utils/rate-rules.ts';

const TOAST_ID = 'rate-form';
/** A field in error: an input Mantine marks invalid (as the content forms' frame finds it). */
const FIRST_INVALID = '[aria-invalid="true"]';

interface RateRuleFormProps {
  roomId: number;
  initial: RateDraft;
  /** After a save: a new rule's form starts over, a changed rule's closes. */
  onSaved: () => void;
  /** Closes the form of a rule being changed. */
  onCancel?: () => void;
  /** Loads the version someone else saved (after a 409 on `version`). */
  onReload?: () => void;
}

/**
 * A season (first and last night, both included) or weekday rule and its nightly price, checked
 * by the API's schema on every change. Saving waits for the server, as the content forms do:
 * the toast and the next state only once stored; a 409 offers to load the saved version; a
 * field the server refuses (an overlapping rule) shows its message under that field.
 */
export function RateRuleForm({ roomId, initial, onSaved, onCancel, onReload }: RateRuleFormProps) {
  const draft = useRateDraft(initial);
  const queryClient = useQueryClient();
  const texts = initial.id === null ? RATE_TEXTS.create : RATE_TEXTS.modify;
  const [stale, setStale] = useState<string | null>(null);
  const save = useMutation({ mutationFn: (body: unknown) => saveRate(roomId, initial.id, body) });
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  // A rule opened with Change: the form below the list comes into view, its first field focused.
  useEffect(() => {
    if (initial.id === null) return;
    form.current?.scrollIntoView({ block: 'nearest' });
    form.current?.querySelector<HTMLElement>('input')?.focus();
  }, [initial.id]);
  useEffect(() => {
    if (refused === 0) return;
    form.current?.querySelector<HTMLElement>(FIRST_INVALID)?.focus();
  }, [refused]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!draft.canSubmit) {
      draft.showAll();
      setRefused((n) => n + 1);
      notifyError(CONTENT_MESSAGES.checkFields, undefined, TOAST_ID);
      return;
    }
    setStale(null);
    save.mutate(draft.value, {
      onSuccess: () => {
        void refreshContent(queryClient);
        notifySuccess(texts.success, TOAST_ID);
        onSaved();
      },
      onError: (error) => {
        const failure = describeSaveFailure(texts, error);
        notifyError(failure.message, failure.title, TOAST_ID);
        if (failure.stale) setStale(failure.message);
        const field = failure.field?.split('.')[0];
        if (field && field !== 'version') draft.setServerError(field, failure.message);
      },
    });
  };

  const { visibleErrors: errors } = draft;
  const changing = initial.id !== null;
  return (
    <Paper
      ref={form}
      withBorder
      p="lg"
      radius="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="rate-form-title"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="rate-form-title">
          {changing ? 'Change rule' : 'New rule'}
        </Title>
        <Radio.Group
          label="Kind"
          required
          value={draft.draft.kind}
          onChange={(value) => draft.set('kind', value as RateKind)}
          error={errors.kind}
        >
          <Group gap="lg" mt={6}>
            {RATE_KINDS.map((kind) => (
              <Radio key={kind} value={kind} label={RATE_KIND_LABELS[kind]} />
            ))}
          </Group>
        </Radio.Group>
        {draft.draft.kind === 'season' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First night"
              type="date"
              required
              value={draft.draft.from}
              onChange={(event) => draft.set('from', event.currentTarget.value)}
              error={errors.from}
            />
            <TextInput
              label="Last night"
              description="Included: the night before the check-out."
              type="date"
              required
              min={draft.draft.from || undefined}
              value={draft.draft.to}
              onChange={(event) => draft.set('to', event.currentTarget.value)}
              error={errors.to}
            />
          </SimpleGrid>
        ) : (
          <Checkbox.Group
            label="Weekdays"
            description="The nights that start on these days."
            required
            value={draft.draft.weekdays.map(String)}
            onChange={(values) =>
              draft.set(
                'weekdays',
                values.map(Number).sort((a, b) => a - b),
              )
            }
            error={errors.weekdays}
          >
            <Group gap="md" mt={6}>
              {WEEKDAY_NAMES.map((name, day) => (
                <Checkbox key={name} value={String(day)} label={name} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <NumberInput
          label="Price"
          description={`USD per night, from ${PRICE_MIN} to ${PRICE_MAX}`}
          required
          min={PRICE_MIN}
          max={PRICE_MAX}
          clampBehavior="none"
          prefix="$"
          value={draft.draft.price ?? ''}
          onChange={(value) => draft.set('price', typeof value === 'number' ? value : null)}
          error={errors.price}
        />
        {stale ? (
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{stale}</Text>
              {onReload ? (
                <Button size="xs" variant="light" color="orange" onClick={onReload}>
                  Load the saved version
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            loading={save.isPending}
            data-disabled={draft.canSubmit ? undefined : true}
            aria-disabled={draft.canSubmit ? undefined : true}
            leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
          >
            {changing ? 'Modify' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
