import './app/styles.ts';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { loadMatchedRoutes, serverRenderedRoutes } from './app/route-data.ts';
import { createRoutes } from './app/router.tsx';
import { readServerState } from './app/server-state.ts';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates a page the server rendered, with the data it was rendered with and its screen's code
 * loaded first (the browser's first render must be the server's, or React starts over); renders
 * the bare app shell otherwise.
 */
async function start(root: HTMLElement) {
  const server = readServerState();
  const routes = createRoutes(queryClient);
  if (server) {
    // The page is already drawn: each step below is a task of its own, so that the browser
    // handles input between them rather than being blocked by all of them at once on a phone.
    await nextTask();
    hydrate(queryClient, server.queries);
    // Not a top-level await: the screen's chunk imports this module, which must have finished.
    await loadMatchedRoutes(serverRenderedRoutes(routes), window.location);
    await nextTask();
  }
  const router = createBrowserRouter(
    routes,
    server ? { hydrationData: { loaderData: server.loaderData } } : undefined,
  );
  if (server) await nextTask();
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // A transition renders in slices that yield to the browser between them: neither hydrating
  // nor the first render blocks input as one long task on a slow phone.
  startTransition(() => {
    if (server) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
void start(root);
