import type { RouteObject } from 'react-router';
import { expect, test } from 'vitest';
import { loaderDataFor, loadMatchedRoutes } from './route-data.ts';

const Screen = () => null;
const Frame = () => null;

function routes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: Frame,
      children: [
        { id: 'list', path: 'home', loader: () => null, Component: Screen },
        {
          id: 'detail',
          path: 'hotel/:id',
          loader: () => null,
          lazy: async () => ({ Component: Screen }),
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

function loadedNow(table: RouteObject[]) {
  return [{ route: table[0] as RouteObject, params: {}, pathname: '/', pathnameBase: '/' }];
}
