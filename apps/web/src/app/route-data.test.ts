import type { RouteObject } from 'react-router';
import { expect, test } from 'vitest';
import { loaderDataFor, loadMatchedRoutes, serverRenderedRoutes } from './route-data.ts';

const Screen = () => null;
const Frame = () => null;

function routes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: Frame,
      children: [
        {
          id: 'list',
          path: 'home',
          loader: () => null,
          Component: Screen,
          handle: { serverRendered: true },
        },
        {
          id: 'detail',
          path: 'hotel/:id',
          loader: () => null,
          lazy: async () => ({ Component: Screen }),
          handle: { serverRendered: true },
        },
        { path: 'about', lazy: async () => ({ Component: Screen }) },
      ],
    },
  ];
}

test('the matched lazy screens are loaded in place, the others left lazy', async () => {
  const table = routes();
  const matches = await loadMatchedRoutes(table, { pathname: '/hotel/7' });
  expect(matches.map((m) => m.route.path)).toEqual(['/', 'hotel/:id']);
  const [, detail, about] = table[0]?.children ?? [];
  expect(detail?.Component).toBe(Screen);
  expect(detail?.lazy).toBeUndefined();
  expect(about?.lazy).toBeTypeOf('function');
});

test('every matched loader counts as run, by its id; a loader without an id is refused', async () => {
  expect(loaderDataFor(await loadMatchedRoutes(routes(), { pathname: '/home' }))).toEqual({
    list: null,
  });
  expect(loaderDataFor(await loadMatchedRoutes(routes(), { pathname: '/about' }))).toEqual({});
  const anonymous: RouteObject[] = [{ path: '/', loader: () => null, Component: Screen }];
  expect(() => loaderDataFor(loadedNow(anonymous))).toThrow(/needs an id/);
});

test('a server-rendered page is matched among the server-rendered screens alone', async () => {
  const table = routes();
  const few = serverRenderedRoutes(table);
  expect(few[0]?.children?.map((r) => r.path)).toEqual(['home', 'hotel/:id']);
  const matches = await loadMatchedRoutes(few, { pathname: '/hotel/7' });
  expect(matches.map((m) => m.route.path)).toEqual(['/', 'hotel/:id']);
  // The screen was loaded in the table the router is made from.
  const [, detail] = table[0]?.children ?? [];
  expect(detail?.Component).toBe(Screen);
  expect(detail?.lazy).toBeUndefined();
  // Nothing else matches: other screens are not server-rendered.
  expect(await loadMatchedRoutes(few, { pathname: '/about' })).toEqual([]);
});

test('a lazy parent of a server-rendered screen is kept whole, to be loaded in place', () => {
  const lazyParent: RouteObject = {
    path: '/',
    lazy: async () => ({ Component: Frame }),
    children: [
      { path: 'home', Component: Screen, handle: { serverRendered: true } },
      { path: 'about', Component: Screen },
    ],
  };
  expect(serverRenderedRoutes([lazyParent])).toEqual([lazyParent]);
  expect(serverRenderedRoutes([{ path: '/about', Component: Screen }])).toEqual([]);
});

function loadedNow(table: RouteObject[]) {
  return [{ route: table[0] as RouteObject, params: {}, pathname: '/', pathnameBase: '/' }];
}
