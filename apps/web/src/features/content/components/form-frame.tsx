import '@mantine/core/styles/Alert.layer.css';
import { Alert, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { BackButton } from '../../../components/back-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

interface FormPageProps {
  title: string;
  /** Where Back goes when the form was opened directly (its forms page). */
  back: string;
  children: ReactNode;
}

/** A content form's screen: its title above the picker(s) and the form. */
export function FormPage({ title, back, children }: FormPageProps) {
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageTitle>{title}</PageTitle>
        {children}
        <Group>
          <BackButton fallback={back} />
        </Group>
      </Stack>
    </Container>
  );
}

/** A field in error: an input Mantine marks invalid, or the picture control's button. */
const FIRST_INVALID = '[aria-invalid="true"], [data-invalid] button';

interface FormFrameProps {
  onSubmit: () => void;
  submitLabel: string;
  /** Every required field filled and no error (spec §4): otherwise the button reads disabled. */
  canSubmit: boolean;
  saving: boolean;
  /** Someone else saved the record after it was loaded: offer to load their version. */
  stale?: { message: string; onReload: () => void } | null;
  children: ReactNode;
}

/**
 * The form and its submit button. An incomplete form's button is aria-disabled rather than
 * disabled: it stays focusable, and pressing it lists every field's message with the toast
 * 'Check the fields' (spec §5) instead of doing nothing, and moves the focus to the first field
 * in error, so a keyboard or screen reader user lands on what to fix.
 */
export function FormFrame({
  onSubmit,
  submitLabel,
  canSubmit,
  saving,
  stale,
  children,
}: FormFrameProps) {
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  // After the messages of a refused submit are on screen.
  useEffect(() => {
    if (refused === 0) return;
    form.current?.querySelector<HTMLElement>(FIRST_INVALID)?.focus();
  }, [refused]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!canSubmit) setRefused((n) => n + 1);
    onSubmit();
  };
  return (
    <Paper ref={form} withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        {children}
        {stale ? (
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{stale.message}</Text>
              <Button size="xs" variant="light" color="orange" onClick={stale.onReload}>
                Load the saved version
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={saving}
            data-disabled={canSubmit ? undefined : true}
            aria-disabled={canSubmit ? undefined : true}
            leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
