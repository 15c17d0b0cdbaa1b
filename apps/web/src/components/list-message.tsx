import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListMessageProps {
  title: ReactNode;
  text: ReactNode;
  /** The way on, e.g. "Try again" or "Clear filters". */
  action?: { label: string; onClick: () => void; variant?: 'filled' | 'default' };
}

/** What a list shows in place of its items: why there are none (a failed load, no match) and what to do. */
export function ListMessage({ title, text, action }: ListMessageProps) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {action ? (
        <Button variant={action.variant} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </Stack>
  );
}
