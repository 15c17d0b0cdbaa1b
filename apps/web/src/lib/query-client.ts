import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api.ts';
import { notifyError } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Title of the error toast shown when this load fails. */
      errorTitle?: string;
    };
  }
}

/** Client mistakes (4xx) are not retried: asking again would give the same answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The app's query cache. `notify: false` (the server's render): failures stay silent, the
 * page is then sent unrendered and the browser reports them.
 */
export function createQueryClient({ notify = true } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!notify) return;
        const title = query.meta?.errorTitle;
        // A missing item gets its own screen ('Hotel not found'); a toast would only repeat it.
        if (error instanceof ApiError && error.status === 404) return;
        if (title) notifyError(errorMessage(error), title, `load-${query.queryHash}`);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
