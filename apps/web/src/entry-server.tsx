// The server's first render of a public screen (`/`, `/home`, `/hotel/:id`): the page arrives
// drawn, its largest picture found by the browser in the HTML, and the browser hydrates it with
// the same data. Built by `vite build --ssr` and loaded by the API (apps/api/src/web-app.ts).
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { App } from './app/app.tsx';
import {
  isServerRendered,
  loaderDataFor,
  loadMatchedRoutes,
  type ServerRenderedHandle,
} from './app/route-data.ts';
import { createRoutes } from './app/router.tsx';
import { serializeServerState } from './app/server-state.ts';
import { createQueryClient } from './lib/query-client.ts';

export { SERVER_STATE_ID } from './app/server-state.ts';
/** The server that loads this module sets how the render's API reads are answered. */
export { type ApiTransport, setApiTransport } from './lib/api.ts';

export interface ServerRender {
  /** The app's markup, for inside `#root`. */
  html: string;
  /** The JSON of the data block the browser hydrates from (safe inside an HTML element). */
  state: string;
  /** The lazy screens' modules (build manifest names) whose styles the page links. */
  modules: string[];
  /** The page's title, as the screen sets it in the browser (text, not yet escaped for HTML). */
  title?: string;
}

/** The route table as the server matches addresses against it (no loader runs). */
let matchingRoutes: ReturnType<typeof createRoutes> | undefined;

/**
 * Whether the page at `url` shows what moves with bookings (its screen's `live`): the server
 * renders it at every visit instead of keeping it until the catalogue changes.
 */
export function isLiveAddress(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  const location = new URL(url, 'http://localhost');
  matchingRoutes ??= createRoutes(createQueryClient({ notify: false }));
  const handle = matchRoutes(matchingRoutes, location)?.at(-1)?.route.handle;
  return isServerRendered(handle) && (handle.live?.(location) ?? false);
}

/**
 * Renders `url` (path and query) when its screen is server-rendered and its data loaded; null
 * otherwise (another screen, a missing hotel, a failed read): the browser then renders it.
 */
export async function render(url: string): Promise<ServerRender | null> {
  // `//host/path` would read as another origin's path here but not in the browser's router.
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const location = new URL(url, 'http://localhost');
  const queryClient = createQueryClient({ notify: false });
  const routes = createRoutes(queryClient);
  const lazy = (matchRoutes(routes, location) ?? []).filter(({ route }) => route.lazy);
  const matches = await loadMatchedRoutes(routes, location);
  const screen = matches.at(-1)?.route;
  if (!screen || !isServerRendered(screen.handle)) return null;
  const modules = lazy.map(({ route }) => {
    const handle = route.handle as ServerRenderedHandle | undefined;
    if (!handle?.module) throw new Error(`The lazy screen of ${route.path} names no module`);
    return handle.module;
  });

  const queries = screen.handle.data?.({ params: matches.at(-1)?.params ?? {}, url: location });
  await Promise.all((queries ?? []).map((query) => queryClient.prefetchQuery(query)));
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  ) {
    return null;
  }

  const loaderData = loaderDataFor(matches);
  const router = createMemoryRouter(routes, {
    initialEntries: [`${location.pathname}${location.search}`],
    hydrationData: { loaderData },
  });
  const titleSink: { title?: string } = {};
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App router={router} queryClient={queryClient} titleSink={titleSink} />
      </StrictMode>,
      // Every part inline, none sent later for an inline script to swap in: the CSP allows
      // no inline scripts, and the page is sent whole anyway.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    return {
      html,
      state: serializeServerState({ queries: dehydrate(queryClient), loaderData }),
      modules,
      title: titleSink.title,
    };
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
