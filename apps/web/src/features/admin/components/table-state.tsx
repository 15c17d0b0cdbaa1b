import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { errorMessage } from '../../../lib/api.ts';

interface TableStateProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loadingText: string;
  errorTitle: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** Loading, failed, empty, or the table. */
export function TableState({
  query,
  loadingText,
  errorTitle,
  empty,
  emptyText,
  children,
}: TableStateProps) {
  if (query.isPending) return <LoadingScreen text={loadingText} />;
  if (query.isError) {
    return (
      <ErrorScreen
        order={2}
        title={errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (empty) return <Text c="dimmed">{emptyText}</Text>;
  return children;
}
