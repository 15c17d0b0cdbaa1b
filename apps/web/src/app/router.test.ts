import { pathPatterns, paths } from '@devstay/shared/paths';
import type { RouteObject } from 'react-router';
import { expect, test } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { isServerRendered } from './route-data.ts';
import { createRoutes } from './router.tsx';

const routes = createRoutes(createQueryClient({ notify: false }));

/** Each screen (a route without children) with its full path: its parents' and its own. */
function flatten(table: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return table.flatMap((route) => {
    const path = route.path?.startsWith('/')
      ? route.path
      : route.path
        ? `${parent.replace(/\/$/, '')}/${route.path}`
        : route.index
          ? parent
          : undefined;
    const own = path && route.path !== '*' && !route.children ? [{ path, route }] : [];
    return [...own, ...flatten(route.children ?? [], path ?? parent)];
  });
}

/** Every address of paths.ts: its plain paths and the patterns of its builders. */
function named(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(named);
  return [];
}

test('the route table has a screen at every address of paths.ts, and no other', () => {
  const table = flatten(routes).map(({ path }) => path);
  const known = [...named(paths), ...named(pathPatterns)];
  expect(new Set(table)).toEqual(new Set(known));
  expect(table).toHaveLength(new Set(table).size);
});

test('the server renders the landing page, the hotel list and a hotel', () => {
  const rendered = flatten(routes)
    .filter(({ route }) => isServerRendered(route.handle))
    .map(({ path }) => path);
  expect(rendered).toEqual([paths.landing, paths.hotels, pathPatterns.hotel]);
});
