import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import {
  type LoaderFunction,
  matchRoutes,
  type Params,
  type RouteMatch,
  type RouteObject,
} from 'react-router';

/** Where a screen's data comes from: the address it was opened at. */
export interface RouteDataArgs {
  params: Params;
  url: URL;
}

// biome-ignore lint/suspicious/noExplicitAny: a screen's queries each have their own data type
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * The queries a screen shows as soon as it opens. The browser's loader starts them while the
 * screen's code downloads; the server awaits them for the first render of a server-rendered
 * screen. One list, so both always ask for the same data under the same keys.
 */
export type RouteData = (args: RouteDataArgs) => AnyQuery[];

/** `handle` of a screen the server renders on a first visit: public data, the same for everyone. */
export interface ServerRenderedHandle {
  serverRendered: true;
  data?: RouteData;
  /**
   * A lazy screen's module as the build's manifest names it (`src/…`): the server links its
   * styles from the page, so it is drawn with them.
   */
  module?: string;
  /**
   * Whether the page at this address shows what moves with bookings (a hotel search with a
   * stay): the server then renders it at every visit and keeps none (apps/api/src/web-app.ts).
   */
  live?: (url: URL) => boolean;
  /**
   * The query parameters the screen reads: the server renders and keeps one page per their
   * values and leaves every other parameter out (apps/api/src/web-app.ts). None when not told.
   */
  params?: readonly string[];
}

export function isServerRendered(handle: unknown): handle is ServerRenderedHandle {
  return typeof handle === 'object' && handle !== null && 'serverRendered' in handle;
}

/** A loader that starts the screen's queries and does not wait: the screen shows its loading state. */
export function prefetching(
  queryClient: QueryClient,
  data: RouteData,
  then?: (args: RouteDataArgs) => void,
): LoaderFunction {
  return ({ params, request }) => {
    const args = { params, url: new URL(request.url) };
    for (const query of data(args)) void queryClient.prefetchQuery(query);
    then?.(args);
    return null;
  };
}

export type RouteMatches = RouteMatch<string, RouteObject>[];

/** Loads the lazy screens among `routes` in place: each route then holds its screen. */
export async function loadRoutes(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const screen = await route.lazy();
      Object.assign(route, { ...screen, lazy: undefined });
    }),
  );
}

/** The routes an address opens, their lazy screens loaded (hydration needs them all at once). */
export async function loadMatchedRoutes(
  routes: RouteObject[],
  location: { pathname: string; search?: string },
): Promise<RouteMatches> {
  const matches = matchRoutes(routes, location) ?? [];
  await loadRoutes(matches.map(({ route }) => route));
  return matches;
}

/**
 * The routes of the server-rendered screens and their parents, out of a whole table: what a
 * server-rendered page can be. React Router compiles and ranks every route it matches against,
 * so the step before hydration matches against these few. Screens keep their route objects
 * (loaded in place); a parent is copied with only those children unless it is lazy itself.
 * The server decides whether a page is rendered on the whole table (entry-server.tsx): a
 * static screen beside a dynamic one (`hotel/new` beside `hotel/:id`) is told apart there, and
 * the browser only hydrates what the server rendered.
 */
export function serverRenderedRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    if (isServerRendered(route.handle)) return [route];
    const children = route.children ? serverRenderedRoutes(route.children) : [];
    if (children.length === 0) return [];
    return route.lazy ? [route] : [{ ...route, index: false, children }];
  });
}

/**
 * What the router is told at hydration: every matched loader already ran (on the server, as
 * the awaited route data), so the browser does not run them again before hydrating.
 */
export function loaderDataFor(matches: RouteMatches): Record<string, null> {
  const loaderData: Record<string, null> = {};
  for (const { route } of matches) {
    if (!route.loader) continue;
    if (!route.id) throw new Error('A route with a loader needs an id to be server-rendered');
    loaderData[route.id] = null;
  }
  return loaderData;
}
