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
  expect(await screen.findByText('Saved')).toBeTruthy();
});
