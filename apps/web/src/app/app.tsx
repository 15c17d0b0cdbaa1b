import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type DataRouter, RouterProvider } from 'react-router';
import { DocumentTitleSink } from '../lib/use-document-title.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { ToastHost } from './toast-host.tsx';

interface AppProps {
  router: DataRouter;
  queryClient: QueryClient;
  /** The server's render: receives the screen's title. */
  titleSink?: { title?: string };
}

/**
 * The site has one colour scheme: nothing to remember. Mantine's default manager reads
 * localStorage on every page load, a synchronous call to the browser's storage.
 */
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

/** The whole app, the same tree in the browser and in the server's first render. */
export function App({ router, queryClient, titleSink }: AppProps) {
  return (
    <DocumentTitleSink value={titleSink ?? null}>
      <MantineProvider
        theme={theme}
        forceColorScheme="light"
        colorSchemeManager={lightOnly}
        cssVariablesResolver={cssVariablesResolver}
      >
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </DocumentTitleSink>
  );
}
