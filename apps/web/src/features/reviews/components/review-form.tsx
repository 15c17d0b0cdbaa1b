import '@mantine/core/styles/Slider.layer.css';
import {
  RATING_DEFAULT,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX,
} from '@devstay/shared/constants';
import { REVIEW_MESSAGES } from '@devstay/shared/messages';
import { Alert, Button, Input, Slider, Stack, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

export interface ReviewDraft {
  rating: number;
  comment: string;
}

interface ReviewFormProps {
  /** True while the review is being sent: the button says 'Loading...'. */
  sending: boolean;
  /** Why the last submit did not go through (a refusal, or being signed out), shown above it. */
  problem?: ReactNode;
  onSubmit: (draft: ReviewDraft) => void;
  /** The guest's earlier review of the hotel, to edit; a new one starts at 1 star, empty. */
  initial?: ReviewDraft;
}

const MARKS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => ({
  value: RATING_MIN + i,
  label: String(RATING_MIN + i),
}));

/** The review page's form (product §2.12): a rating from 1 to 5 (1 to start) and the text. */
export function ReviewForm({ sending, problem, onSubmit, initial }: ReviewFormProps) {
  const id = useId();
  const [rating, setRating] = useState(initial?.rating ?? RATING_DEFAULT);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [commentError, setCommentError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (comment.trim() === '') {
      setCommentError(REVIEW_MESSAGES.commentRequired);
      return;
    }
    setCommentError(null);
    onSubmit({ rating, comment });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Write a review">
      <Stack gap="md">
        <Input.Wrapper
          label="Rating"
          id={`${id}-rating`}
          description={`${rating} out of ${RATING_MAX} stars`}
          required
        >
          <Slider
            min={RATING_MIN}
            max={RATING_MAX}
            step={1}
            value={rating}
            onChange={setRating}
            thumbLabel="Rating"
            label={null}
            marks={MARKS}
            mt="xs"
            mb="lg"
          />
        </Input.Wrapper>
        <Textarea
          label="Your review"
          description={`${comment.trim().length} / ${REVIEW_COMMENT_MAX} characters`}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            if (commentError) setCommentError(null);
          }}
          error={commentError}
          maxLength={REVIEW_COMMENT_MAX}
          autosize
          minRows={4}
          required
        />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Button type="submit" aria-disabled={sending || undefined}>
          {sending ? 'Loading...' : 'Submit review'}
        </Button>
      </Stack>
    </form>
  );
}
