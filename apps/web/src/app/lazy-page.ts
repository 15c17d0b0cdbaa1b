import type { ComponentType } from 'react';
import type { NonIndexRouteObject } from 'react-router';

/** The names of a module's exports that are React components. */
type ComponentExport<M> = {
  [K in keyof M]: M[K] extends ComponentType ? K : never;
}[keyof M] &
  string;

/**
 * A route whose screen is fetched when it is first visited: its own chunk, out of the first
 * load. `load` must be a literal `import()` so the bundler can split it; `name` is the screen's
 * export, checked against the module.
 */
export function page<M>(
  path: string | undefined,
  load: () => Promise<M>,
  name: ComponentExport<M>,
): NonIndexRouteObject {
  return { path, lazy: async () => ({ Component: (await load())[name] as ComponentType }) };
}
