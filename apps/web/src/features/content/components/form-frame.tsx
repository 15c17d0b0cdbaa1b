import '@mantine/core/styles/Alert.layer.css';
import type { ContentForm } from '@devstay/shared/contracts/content';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { Alert, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { BackButton } from '../../../components/back-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import type { ContentDraft, Draft } from '../hooks/use-content-draft.ts';
import { useSaveContent } from '../hooks/use-save-content.ts';
import { FORM_TEXTS } from '../utils/form-texts.ts';
import type { ImageSlot } from './image-slot.ts';

interface FormPageProps {
  title: string;
  /** The account's forms page: where Back goes when the form was opened directly, and a save. */
  back: string;
  children: ReactNode;
}

/** The forms page of the screen a form is on: a save goes back to it. */
const FormsPageContext = createContext<string | null>(null);

/** A content form's screen: its title above the picker(s) and the form. */
export function FormPage({ title, back, children }: FormPageProps) {
  return (
    <FormsPageContext value={back}>
      <Container size="md" py="lg">
        <Stack gap="md">
          <PageTitle>{title}</PageTitle>
          {children}
          <Group>
            <BackButton fallback={back} />
          </Group>
        </Stack>
      </Container>
    </FormsPageContext>
  );
}

/** A field in error: an input Mantine marks invalid, or the picture control's button. */
const FIRST_INVALID = '[aria-invalid="true"], [data-invalid] button';

/** What every content form takes: its contract, its first draft, and what the screen hands in. */
export interface ContentFormProps<F extends ContentForm> {
  form: F;
  initial: Draft<F>;
  /** An admin's own hotel, fixed in the form's hotel field; null for the superAdmin. */
  fixedHotel: HotelRef | null;
  /** The loaded record's hotel, as the modify flow's hotel picker named it. */
  hotelLabel?: string;
  /** The picture control (another feature's, handed in by the app). */
  images: ImageSlot;
  /** A modify form's way to load the version someone else saved (after a 409 on `version`). */
  onReload?: () => void;
}

interface FormFrameProps<F extends ContentForm> {
  draft: ContentDraft<F>;
  onReload?: () => void;
  children: ReactNode;
}

/**
 * The form, its submit button and its save (`useSaveContent`). An incomplete form's button is
 * aria-disabled rather than disabled: it stays focusable, and pressing it lists every field's
 * message with the toast 'Check the fields' (product §5) instead of doing nothing, and moves the
 * focus to the first field in error, so a keyboard or screen reader user lands on what to fix.
 * A save refused because someone else saved in between offers to load their version.
 */
export function FormFrame<F extends ContentForm>({ draft, onReload, children }: FormFrameProps<F>) {
  const formsPage = useContext(FormsPageContext);
  if (formsPage === null) throw new Error('A content form is shown outside its FormPage');
  const save = useSaveContent(draft.form, draft, formsPage);
  const { canSubmit } = draft;
  const { saving } = save;
  const stale = save.stale && onReload ? { message: save.stale, onReload } : null;
  const submitLabel = FORM_TEXTS[draft.form].method === 'POST' ? 'Create' : 'Modify';
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
    save.submit();
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
