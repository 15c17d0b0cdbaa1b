import '@mantine/core/styles/Modal.layer.css';
import type { Review } from '@devstay/shared/contracts/catalogue';
import { REVIEW_MESSAGES } from '@devstay/shared/messages';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRemoveReview } from '../api/reviews.ts';

interface RemoveReviewButtonProps {
  review: Review;
  /** After the removal: the screen reads the hotel (its reviews, average and count) again. */
  onRemoved: () => void;
}

/** The superAdmin's removal of an abusive review, asked for confirmation first. */
export function RemoveReviewButton({ review, onRemoved }: RemoveReviewButtonProps) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveReview();

  const confirm = () =>
    remove.mutate(review.id, {
      onSuccess: () => {
        notifySuccess(REVIEW_MESSAGES.removed, `remove-review-${review.id}`);
        onRemoved();
      },
      onError: (error) =>
        notifyError(errorMessage(error), REVIEW_MESSAGES.failed, `remove-review-${review.id}`),
      onSettled: () => setAsking(false),
    });

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        aria-label={`Remove the review by ${review.name}`}
        onClick={() => setAsking(true)}
      >
        Remove
      </Button>
      <Modal
        opened={asking}
        onClose={remove.isPending ? () => {} : () => setAsking(false)}
        title="Remove review"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          <Text fw={600}>{REVIEW_MESSAGES.removeConfirm}</Text>
          <Text c="dimmed" lineClamp={3}>
            {`${review.name}: “${review.comment}”`}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setAsking(false)}
              disabled={remove.isPending}
              data-autofocus
            >
              No
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              Yes, remove it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
