import '@mantine/core/styles/Modal.layer.css';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

interface ConfirmRemovalProps {
  /** The button's text ('Remove', 'Delete'). */
  label: string;
  /** The button's name for assistive technology: what it removes. */
  ariaLabel: string;
  /** The dialog's title. */
  title: string;
  /** The question and what follows the removal. */
  children: ReactNode;
  /** The confirming button's text ('Yes, remove it'). */
  confirmLabel: string;
  /** The removal is under way: the dialog stays open, its buttons wait. */
  pending: boolean;
  /** Confirmed: remove, then `close` the dialog once the answer is in, whatever it is. */
  onConfirm: (close: () => void) => void;
}

/**
 * A red Remove button that asks first: a dialog with the question, 'No' (focused, so Enter
 * does not remove) and the confirming button. Every removal of the site asks this way.
 */
export function ConfirmRemoval({
  label,
  ariaLabel,
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
}: ConfirmRemovalProps) {
  const [asking, setAsking] = useState(false);
  const close = () => setAsking(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        aria-label={ariaLabel}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
      <Modal
        opened={asking}
        onClose={pending ? () => {} : close}
        title={title}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending} data-autofocus>
              No
            </Button>
            <Button color="red" onClick={() => onConfirm(close)} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
