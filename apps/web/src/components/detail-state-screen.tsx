import { paths } from '@devstay/shared/paths';
import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { isNotFound } from '../lib/api.ts';
import { ErrorScreen } from './error-screen.tsx';
import { LoadingScreen } from './loading-screen.tsx';

interface DetailStateScreenProps {
  /** The detail's query while it is not loaded: pending, or failed. */
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  /** false when the address's id cannot be one: shown as not found. */
  validId: boolean;
  notFoundTitle: string;
  notFoundMessage: string;
  loadingText: string;
  errorTitle: string;
}

/**
 * What a detail screen shows until its record is there: not found (bad id or 404), loading, or
 * the failure with a retry. Render it while `!validId || query.isPending || query.isError`.
 */
export function DetailStateScreen({
  query,
  validId,
  notFoundTitle,
  notFoundMessage,
  loadingText,
  errorTitle,
}: DetailStateScreenProps) {
  let screen: ReactNode;
  if (!validId || isNotFound(query.error)) {
    screen = (
      <ErrorScreen
        title={notFoundTitle}
        message={notFoundMessage}
        homeTo={paths.hotels}
        homeLabel="See hotels"
      />
    );
  } else if (query.isPending) {
    screen = <LoadingScreen text={loadingText} />;
  } else {
    screen = (
      <ErrorScreen
        title={errorTitle}
        message={query.error?.message}
        onRetry={() => query.refetch()}
        homeTo={paths.hotels}
        homeLabel="See hotels"
      />
    );
  }
  return (
    <Container size="lg" py="lg">
      {screen}
    </Container>
  );
}
