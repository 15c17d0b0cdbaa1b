import { type ComponentType, createElement, lazy } from 'react';

/** Loads the code of every lazy part made so far and keeps it at hand (server only). */
const loaders: (() => Promise<void>)[] = [];

/**
 * A part of a screen whose code follows the first load: `React.lazy` in the browser. The server
 * loads the code of every part before its first render (`loadLazyParts`), then draws each part
 * at once: no render of a page waits for code, nor draws a part's fallback in its place.
 * `load` must be a literal `import()` so the bundler can split it.
 *
 * In a server-rendered page, hand the part's `Suspense` the same element from render to render
 * (a `useMemo` on its props, or a constant): a new one before its code has arrived is an update
 * to a boundary not yet hydrated, which React answers by dropping the server's markup for the
 * fallback until the code comes — what is below it jumps up and back down.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  // The browser's build leaves this out (`import.meta.env.SSR` is false there).
  if (!import.meta.env.SSR) return Lazy;
  let loaded: ComponentType<P> | undefined;
  loaders.push(async () => {
    loaded = await load();
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, when its module loads, never in a render
  return function LazyPart(props: P) {
    return createElement(loaded ?? Lazy, props);
  };
}

/** For the server, before its first render: the code of every lazy part made so far. */
export async function loadLazyParts(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}
