import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON data block a server-rendered page carries (not a script: no CSP change). */
export const SERVER_STATE_ID = 'server-state';

/** What the server's first render knew, handed to the browser to hydrate the same tree. */
export interface ServerState {
  /** The queries the page was rendered with. */
  queries: DehydratedState;
  /** The router's hydration data: matched loaders count as already run. */
  loaderData: Record<string, null>;
}

/** JSON safe inside an HTML element: no `<` can close the block or open a comment. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state of a server-rendered page, or null for the bare app shell. */
export function readServerState(): ServerState | null {
  const block = document.getElementById(SERVER_STATE_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as ServerState;
  } catch {
    return null;
  }
}
