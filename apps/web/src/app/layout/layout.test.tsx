import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { setApiTransport } from '../../lib/api.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { App } from '../app.tsx';
import { Layout } from './layout.tsx';

let ready = false;
let reveal = () => {};
const screenReady = new Promise<void>((resolve) => {
  reveal = () => {
    ready = true;
    resolve();
  };
});

/** A screen that is not ready until the test says so: the frame is drawn, the content is not. */
function PendingScreen() {
  if (!ready) throw screenReady;
  return <p>Screen content</p>;
}

afterEach(() => {
  delete document.documentElement.dataset.interactive;
  setApiTransport((url, init) => fetch(url, init));
});

describe('the page frame', () => {
  test('marks the page interactive once its content is drawn, not before', async () => {
    // A visitor: the account corner asks who is signed in.
    setApiTransport(async () => Response.json(null));
    const router = createMemoryRouter([
      { path: '/', Component: Layout, children: [{ index: true, Component: PendingScreen }] },
    ]);
    render(<App router={router} queryClient={createQueryClient({ notify: false })} />);

    expect(await screen.findByRole('link', { name: 'Skip to main content' })).toBeTruthy();
    expect(document.documentElement.dataset.interactive).toBeUndefined();
    reveal();
    expect(await screen.findByText('Screen content')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.dataset.interactive).toBe(''));
  });
});
