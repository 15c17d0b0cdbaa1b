import { REVIEW_MESSAGES } from '@devstay/shared/messages';
import { loginReturningTo, paths } from '@devstay/shared/paths';
import { parseRowId } from '@devstay/shared/row-id';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { DetailStateScreen } from '../../../components/detail-state-screen.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../features/auth/api/session.ts';
import { useHotel } from '../../../features/hotels/api/get-hotel.ts';
import { refreshHotelReviews } from '../../../features/hotels/api/refresh-hotel-reviews.ts';
import {
  ownReviewKey,
  useOwnReview,
  useWriteReview,
} from '../../../features/reviews/api/reviews.ts';
import { RemoveReviewButton } from '../../../features/reviews/components/remove-review-button.tsx';
import { type ReviewDraft, ReviewForm } from '../../../features/reviews/components/review-form.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** 'Review submitted', with the way home (product §2.12). */
function Submitted({ hotelId, hotel }: { hotelId: number; hotel: string }) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <IconCircleCheck size={56} color="var(--mantine-color-teal-9)" aria-hidden="true" />
      <Title order={1}>{REVIEW_MESSAGES.submitted}</Title>
      <Text>Thank you: your review of {hotel} is on its page.</Text>
      <Group justify="center">
        <Button component={Link} to={paths.hotels}>
          Go home
        </Button>
        <Button component={Link} to={paths.hotel(hotelId)} variant="default">
          See {hotel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /hotel/:id/review — a rating and a text for the hotel (product §2.12). Anyone may open it; the
 * login is checked on submit ('You must log in to write a review'). A guest who reviewed the
 * hotel before finds that review to edit (a submit replaces it) or delete.
 */
export function ReviewPage() {
  const rowId = parseRowId(useParams().id);
  const here = useLocation();
  const validId = rowId !== null;
  const id = rowId ?? 0;
  const hotel = useHotel(id);
  const session = useSession();
  const write = useWriteReview();
  const guest = session.user?.rol === 'user';
  const own = useOwnReview(id, guest);
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<ReactNode>(null);
  const [submitted, setSubmitted] = useState(false);
  const name = hotel.data ? hotel.data.name : '';
  useDocumentTitle(name ? `Review ${name}` : 'Write a review');

  if (!validId || hotel.isPending || hotel.isError) {
    return (
      <DetailStateScreen
        query={hotel}
        validId={validId}
        notFoundTitle="Hotel not found"
        notFoundMessage="This hotel does not exist or is no longer published."
        loadingText="Loading detail..."
        errorTitle="The hotel could not be loaded"
      />
    );
  }

  const submit = (draft: ReviewDraft) => {
    const me = session.user;
    if (!me) {
      setProblem(
        <Text>
          {REVIEW_MESSAGES.logIn}.{' '}
          <Anchor component={Link} to={loginReturningTo(here.pathname)}>
            Log in
          </Anchor>
        </Text>,
      );
      return;
    }
    setProblem(null);
    write.mutate(
      {
        idHotel: id,
        // The server shows the account's own name, whatever is sent here.
        name: me.displayName || me.email,
        rating: draft.rating,
        comment: draft.comment,
        user: me.id,
      },
      {
        onSuccess: () => {
          setSubmitted(true);
          void refreshHotelReviews(queryClient, id);
          void queryClient.invalidateQueries({ queryKey: ownReviewKey(id) });
        },
        onError: (error) =>
          setProblem(
            <Text>
              <strong>{REVIEW_MESSAGES.failed}</strong> {errorMessage(error)}
            </Text>,
          ),
      },
    );
  };

  return (
    <Container size="sm" py="lg">
      {submitted ? (
        <Submitted hotelId={id} hotel={name} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <PageTitle>{`Review ${name}`}</PageTitle>
            <BackButton fallback={paths.hotel(id)} />
          </Group>
          <Text c="dimmed">{REVIEW_MESSAGES.whoReviews}</Text>
          {own.data ? (
            <Group justify="space-between" gap="xs" data-testid="own-review">
              <Text>You reviewed this hotel: edit your review below, or delete it.</Text>
              <RemoveReviewButton
                review={own.data}
                own
                onRemoved={() => {
                  void refreshHotelReviews(queryClient, id);
                  void queryClient.invalidateQueries({ queryKey: ownReviewKey(id) });
                }}
              />
            </Group>
          ) : null}
          {guest && own.isPending ? (
            <Text role="status">Loading your review...</Text>
          ) : (
            <ReviewForm
              key={own.data?.id ?? 'new'}
              initial={own.data ?? undefined}
              sending={write.isPending || session.isLoading}
              problem={problem}
              onSubmit={submit}
            />
          )}
        </Stack>
      )}
    </Container>
  );
}
