import { Container, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';

interface AuthCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** The frame of the identity screens: a narrow card with the screen's heading. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <PageTitle ta="center">{title}</PageTitle>
          {intro ? (
            <Text c="dimmed" ta="center">
              {intro}
            </Text>
          ) : null}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
