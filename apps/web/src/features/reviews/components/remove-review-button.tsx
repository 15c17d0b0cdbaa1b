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
  review: Pick<Review, 'id' | 'name' | 'comment'>;
  /** The signed-in guest's own review: they delete it (the superAdmin removes others'). */
  own?: boolean;
  /** After the removal: the screen reads the hotel (its reviews, average and count) again. */
  onRemoved: () => void;
}

/**
 * The removal of a review, asked for confirmation first: the author's own, or the superAdmin's
 * of an abusive one (the server decides who may).
 */
export function RemoveReviewButton({ review, own = false, onRemoved }: RemoveReviewButtonProps) {
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
        aria-label={own ? 'Delete your review' : `Remove the review by ${review.name}`}
        onClick={() => setAsking(true)}
      >
        {own ? 'Delete' : 'Remove'}
      </Button>
      <Modal
        opened={asking}
        onClose={remove.isPending ? () => {} : () => setAsking(false)}
        title={own ? 'Delete your review' : 'Remove review'}
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
              {own ? 'Yes, delete it' : 'Yes, remove it'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
