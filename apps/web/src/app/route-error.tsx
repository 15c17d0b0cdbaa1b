import { paths } from '@devstay/shared/paths';
import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { InteractiveMark } from './interactive-mark.tsx';

const ROUTE_ERROR_HEADING = 'Unexpected Application Error!';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return `404 Not Found: there is no page at ${window.location.pathname}.`;
    const detail = typeof error.data === 'string' && error.data ? ` ${error.data}` : '';
    return `${error.status} ${error.statusText}${detail}`;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

/** The router's error screen: unknown addresses and screens that failed to render (product §2.1). */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Error');
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md">
        <Title order={1} ta="center">
          {ROUTE_ERROR_HEADING}
        </Title>
        <Code
          block
          w="100%"
          fz="md"
          data-testid="route-error-message"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {describe(error)}
        </Code>
        <Text c="dimmed" ta="center">
          Check the address, or start again from the home page.
        </Text>
        <Button component={Link} to={paths.landing} size="md">
          Go to the home page
        </Button>
      </Stack>
      {/* Shown without the layout when the layout itself failed. */}
      <InteractiveMark />
    </Container>
  );
}
