import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type DataRouter, RouterProvider } from 'react-router';
import { KeptMarkup, type MarkupKeeper } from '../components/kept-markup.tsx';
import { DocumentTitleSink } from '../lib/use-document-title.ts';
import { ThemeProvider } from './theme-provider.tsx';
import { ToastHost } from './toast-host.tsx';

interface AppProps {
  router: DataRouter;
  queryClient: QueryClient;
  /** The server's render: receives the screen's title. */
  titleSink?: { title?: string };
  /** The server's render: the markup it keeps for the frame. */
  markupKeeper?: MarkupKeeper;
}

/** The whole app, the same tree in the browser and in the server's first render. */
export function App({ router, queryClient, titleSink, markupKeeper }: AppProps) {
  return (
    <KeptMarkup value={markupKeeper ?? null}>
      <DocumentTitleSink value={titleSink ?? null}>
        <ThemeProvider>
          <ToastHost />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ThemeProvider>
      </DocumentTitleSink>
    </KeptMarkup>
  );
}
