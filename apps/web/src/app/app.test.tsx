import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { App } from './app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the app frame', () => {
  test('draws in the light scheme without reading localStorage for it', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const router = createMemoryRouter([{ path: '/', element: <p>Frame content</p> }]);
    render(<App router={router} queryClient={createQueryClient({ notify: false })} />);
    expect(await screen.findByText('Frame content')).toBeTruthy();
    // Mantine's default manager would read its key on every load.
    expect(getItem.mock.calls.map(([key]) => key)).not.toContain('mantine-color-scheme-value');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });
});
