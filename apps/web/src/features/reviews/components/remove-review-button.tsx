import type { Review } from '@devstay/shared/contracts/catalogue';
import { REVIEW_MESSAGES } from '@devstay/shared/messages';
import { Text } from '@mantine/core';
import { ConfirmRemoval } from '../../../components/confirm-removal.tsx';
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
  const remove = useRemoveReview();
  const confirm = (close: () => void) =>
    remove.mutate(review.id, {
      onSuccess: () => {
        notifySuccess(REVIEW_MESSAGES.removed, `remove-review-${review.id}`);
        onRemoved();
      },
      onError: (error) =>
        notifyError(errorMessage(error), REVIEW_MESSAGES.failed, `remove-review-${review.id}`),
      onSettled: close,
    });

  return (
    <ConfirmRemoval
      label={own ? 'Delete' : 'Remove'}
      ariaLabel={own ? 'Delete your review' : `Remove the review by ${review.name}`}
      title={own ? 'Delete your review' : 'Remove review'}
      confirmLabel={own ? 'Yes, delete it' : 'Yes, remove it'}
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Text fw={600}>{REVIEW_MESSAGES.removeConfirm}</Text>
      <Text c="dimmed" lineClamp={3}>
        {`${review.name}: “${review.comment}”`}
      </Text>
    </ConfirmRemoval>
  );
}
