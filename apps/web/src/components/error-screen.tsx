import '@mantine/core/styles/Alert.layer.css';
import { paths } from '@devstay/shared/paths';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ErrorScreenProps {
  title: string;
  message?: string;
  /** Heading level of the title: 1 when the error replaces a whole screen. */
  order?: 1 | 2;
  onRetry?: () => void;
  /** A way out, e.g. back to the hotel list. */
  homeTo?: string;
  homeLabel?: string;
  children?: ReactNode;
}

/** A failed load or an unknown address: what happened and what to do next. */
export function ErrorScreen({
  title,
  message,
  order = 1,
  onRetry,
  homeTo = paths.landing,
  homeLabel = 'Go to the home page',
  children,
}: ErrorScreenProps) {
  return (
    <Stack align="center" py="xl" gap="md" maw={640} mx="auto">
      <IconAlertTriangle size={48} color="var(--mantine-color-red-8)" aria-hidden="true" />
      <Title order={order} ta="center">
        {title}
      </Title>
      {message ? (
        <Alert color="red" variant="light" w="100%" role="alert">
          <Text>{message}</Text>
        </Alert>
      ) : null}
      {children}
      <Group justify="center">
        {onRetry ? (
          <Button onClick={onRetry} leftSection={<IconRefresh size={18} aria-hidden="true" />}>
            Try again
          </Button>
        ) : null}
        <Button component={Link} to={homeTo} variant={onRetry ? 'default' : 'filled'}>
          {homeLabel}
        </Button>
      </Group>
    </Stack>
  );
}
