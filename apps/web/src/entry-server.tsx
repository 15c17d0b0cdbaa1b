// The server's first render of a public screen (`/`, `/home`, `/hotel/:id`): the page arrives
// drawn, its largest picture found by the browser in the HTML, and the browser hydrates it with
// the same data. Built by `vite build --ssr` and loaded by the API (apps/api/src/web-app.ts).
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { App } from './app/app.tsx';
import { keepMarkedMarkup, keptMarkup } from './app/kept-markup-store.ts';
import {
  isServerRendered,
  loaderDataFor,
  loadRoutes,
  type RouteMatches,
  serverRenderedRoutes,
} from './app/route-data.ts';
import { createRoutes } from './app/router.tsx';
import { serializeServerState } from './app/server-state.ts';
import { loadLazyParts } from './lib/lazy-part.ts';
import { createQueryClient } from './lib/query-client.ts';

export { forgetKeptMarkup } from './app/kept-markup-store.ts';
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
  /**
   * Whether the page shows what moves with bookings (its screen's `live`): rendered at every
   * visit instead of kept until the catalogue changes.
   */
  live: boolean;
}

/** How React marks a part it could not draw and left to the browser. */
const FALLBACK_BOUNDARY = '<!--$!-->';

/**
 * The route table, made once. No loader runs on the server: the render awaits the screen's
 * data itself and tells the router every matched loader has run, so the query client the
 * loaders were made with is never used.
 */
const routes = createRoutes(createQueryClient({ notify: false }));
/**
 * The table a render's router is given: the server-rendered screens and their parents. Which
 * screen an address opens is decided on the whole table (a static screen beside a dynamic one).
 */
const renderedRoutes = serverRenderedRoutes(routes);

function routesOf(table: RouteObject[]): RouteObject[] {
  return table.flatMap((route) => [route, ...routesOf(route.children ?? [])]);
}

/**
 * The routes each path opens, as matched on the whole table (which ranks every route at each
 * match): a path asked again is not matched again. Cleared when full.
 */
const matchesByPath = new Map<string, RouteMatches>();
const MATCHED_PATHS = 1000;

function matchesOf(pathname: string): RouteMatches {
  let matches = matchesByPath.get(pathname);
  if (!matches) {
    if (matchesByPath.size >= MATCHED_PATHS) matchesByPath.clear();
    matches = matchRoutes(routes, pathname) ?? [];
    matchesByPath.set(pathname, matches);
  }
  return matches;
}

/**
 * Loads, before the first render, the code of every server-rendered screen and of every lazy part
 * they draw: each render is then made at once and whole (a render that waited on code could
 * draw a part's fallback and be kept so).
 */
export async function prepare(): Promise<void> {
  const screens = routesOf(routes).filter((route) => isServerRendered(route.handle));
  for (const { handle, lazy, path } of screens) {
    if (lazy && isServerRendered(handle) && !handle.module) {
      throw new Error(`The lazy screen of ${path} names no module`);
    }
  }
  // The screens first: their modules make lazy parts of their own.
  await loadRoutes(screens);
  await loadLazyParts();
}

/**
 * The query parameters the page at `pathname` depends on: those its screen reads when the server
 * renders it, none for a screen left to the browser (it gets the same shell whatever the query).
 * The server keeps one page per their values, rendered without any other parameter.
 */
export function pageParams(pathname: string): readonly string[] {
  const handle = matchesOf(pathname).at(-1)?.route.handle;
  return isServerRendered(handle) ? (handle.params ?? []) : [];
}

/**
 * Renders `url` (path and query) when its screen is server-rendered and its data loaded; null
 * otherwise (another screen, a missing hotel, a failed read): the browser then renders it.
 */
export async function render(url: string): Promise<ServerRender | null> {
  // `//host/path` would read as another origin's path here but not in the browser's router.
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const location = new URL(url, 'http://localhost');
  const matches = matchesOf(location.pathname);
  const match = matches.at(-1);
  const handle = match?.route.handle;
  if (!match || !isServerRendered(handle)) return null;
  await loadRoutes(matches.map(({ route }) => route));
  const modules = matches.flatMap(({ route }) =>
    isServerRendered(route.handle) && route.handle.module ? [route.handle.module] : [],
  );

  const queryClient = createQueryClient({ notify: false });
  const queries = handle.data?.({ params: match.params, url: location }) ?? [];
  await Promise.all(queries.map((query) => queryClient.prefetchQuery(query)));
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  ) {
    return null;
  }

  const loaderData = loaderDataFor(matches);
  const router = createMemoryRouter(renderedRoutes, {
    initialEntries: [`${location.pathname}${location.search}`],
    hydrationData: { loaderData },
  });
  const titleSink: { title?: string } = {};
  try {
    // Synchronous: the data is in the query client and every part's code was loaded (prepare).
    const html = renderToString(
      <StrictMode>
        <App
          router={router}
          queryClient={queryClient}
          titleSink={titleSink}
          markupKeeper={keptMarkup}
        />
      </StrictMode>,
    );
    // A part drawn as its fallback (code or data it would wait for, or an error in it) would be
    // sent and kept so: such a render is not used, the browser renders the page.
    if (html.includes(FALLBACK_BOUNDARY)) throw new Error(`The render of ${url} is incomplete`);
    return {
      html: keepMarkedMarkup(html),
      state: serializeServerState({ queries: dehydrate(queryClient), loaderData }),
      modules,
      title: titleSink.title,
      live: handle.live?.(location) ?? false,
    };
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
