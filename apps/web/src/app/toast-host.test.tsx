import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { notifySuccess, toastAsked } from '../lib/notify.ts';
import { ThemeProvider } from './theme-provider.tsx';
import { ToastHost } from './toast-host.tsx';

test("the toasts' code is asked for with the first toast, which shows once it has come", async () => {
  const { container } = render(
    <ThemeProvider>
      <ToastHost />
    </ThemeProvider>,
  );
  expect(toastAsked()).toBe(false);
  expect(container.innerHTML).toBe('');
  notifySuccess('Saved');
  expect(toastAsked()).toBe(true);
  // The container's code and Mantine's toasts are imported then: on a busy machine, a while.
  expect(await screen.findByText('Saved', undefined, { timeout: 20_000 })).toBeTruthy();
}, 30_000);
