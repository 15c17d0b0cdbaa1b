import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { App } from './app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the app frame', () => {
  test('draws without reading localStorage or writing styles of its own', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const router = createMemoryRouter([{ path: '/', element: <p>Frame content</p> }]);
    render(<App router={router} queryClient={createQueryClient({ notify: false })} />);
    expect(await screen.findByText('Frame content')).toBeTruthy();
    // Mantine's default colour scheme manager would read its key on every load.
    expect(getItem.mock.calls.map(([key]) => key)).not.toContain('mantine-color-scheme-value');
    // The theme's variables come with the stylesheet (theme-stylesheet.ts), not from a render.
    expect(document.querySelectorAll('style[data-mantine-styles]')).toHaveLength(0);
  });

  test("the page sets the light colour scheme Mantine's styles select on", () => {
    const page = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    expect(page).toMatch(/<html [^>]*data-mantine-color-scheme="light"/);
  });
});
