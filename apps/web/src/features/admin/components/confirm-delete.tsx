import '@mantine/core/styles/Modal.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface ConfirmDeleteProps {
  /** What is being deleted: the question names it, e.g. 'the admin'. */
  question: string;
  /** Who exactly, shown below the question. */
  detail?: string;
  opened: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation before deleting an account (product §5 'Are you sure you want to Delete …?'). */
export function ConfirmDelete({
  question,
  detail,
  opened,
  pending,
  onConfirm,
  onClose,
}: ConfirmDeleteProps) {
  return (
    <Modal
      opened={opened}
      onClose={pending ? () => {} : onClose}
      title="Confirm deletion"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="md"
    >
      <Stack gap="md">
        <Text fw={600}>{question}</Text>
        {detail ? <Text c="dimmed">{detail}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={pending}
            onClick={onConfirm}
            leftSection={<IconTrash size={18} aria-hidden="true" />}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
