import { FAVORITES_MESSAGES } from '@devstay/shared/messages';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setApiTransport } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { HeartAccount } from '../hooks/use-favorite-heart.ts';
import { FavoriteHeart } from './favorite-heart.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const room = { id: 7, name: 'Suite at Palermo Commit Suites' };
/** The heart's name follows its state: what a press does next. */
const ADD = 'Add Suite at Palermo Commit Suites to favorites';
const REMOVE = 'Remove Suite at Palermo Commit Suites from favorites';
const guest: HeartAccount = { id: 'guest-1', rol: 'user' };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The API as these tests answer it: the guest's favourite ids, and each change's answer. */
function api(favorites: number[], change: (call: Call) => [number, unknown] = () => [200, []]) {
  const calls: Call[] = [];
  setApiTransport(async (url, init) => {
    const call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const [status, body] = call.method === 'GET' ? [200, favorites] : change(call);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function show(account: HeartAccount) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <FavoriteHeart account={account} room={room} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole('button', { name: 'Add Suite at Palermo Commit Suites to favorites' });
}

const settled = (heart: HTMLElement) =>
  waitFor(() => expect(heart.getAttribute('aria-busy')).toBe('false'));

beforeEach(() => {
  vi.mocked(notifyError).mockClear();
  vi.mocked(notifySuccess).mockClear();
});
afterEach(() => setApiTransport((url, init) => fetch(url, init)));

describe('the favourite heart', () => {
  test('signed out: told to log in, and nothing is asked of the server', async () => {
    const calls = api([]);
    const heart = show(null);
    fireEvent.click(heart);
    expect(notifyError).toHaveBeenCalledWith(FAVORITES_MESSAGES.logIn, undefined, 'favorites');
    expect(heart.getAttribute('aria-label')).toBe(ADD);
    expect(calls).toEqual([]);
  });

  test('while the session is unknown a click does nothing', () => {
    const calls = api([]);
    fireEvent.click(show(undefined));
    expect(notifyError).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  test('off: a click adds the room and says so; the heart turns on with the server’s list', async () => {
    const calls = api([3], () => [200, [3, 7]]);
    const heart = show(guest);
    await settled(heart);
    expect(heart.getAttribute('aria-label')).toBe(ADD);
    fireEvent.click(heart);
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith(
        'Suite at Palermo Commit Suites added to favorites',
        'favorites',
      ),
    );
    expect(heart.getAttribute('aria-label')).toBe(REMOVE);
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/favorites',
      body: { id: 'guest-1', favorites: [7] },
    });
    expect(calls[0]?.url).toBe('/api/favorites/list/guest-1');
  });

  test('on: a click removes the room and says so', async () => {
    const calls = api([7], () => [200, []]);
    const heart = show(guest);
    await waitFor(() => expect(heart.getAttribute('aria-label')).toBe(REMOVE));
    fireEvent.click(heart);
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith(
        'Suite at Palermo Commit Suites removed from favorites',
        'favorites',
      ),
    );
    expect(heart.getAttribute('aria-label')).toBe(ADD);
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: '/api/favorites',
      body: { id: 'guest-1', favorite: 7 },
    });
  });

  test('a refusal shows the server’s text and leaves the heart as it was', async () => {
    const text = 'You can keep at most 500 favorite rooms; remove some before adding more';
    api([], () => [409, { code: 'CONFLICT', message: text }]);
    const heart = show(guest);
    await settled(heart);
    fireEvent.click(heart);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(text, undefined, 'favorites'));
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(heart.getAttribute('aria-label')).toBe(ADD);
  });

  test('staff keep no favourites: their list is never asked for, and a click shows the refusal', async () => {
    const calls = api([], () => [403, { code: 'FORBIDDEN', message: 'Unauthorized entry' }]);
    const heart = show({ id: 'admin-1', rol: 'admin' });
    fireEvent.click(heart);
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith('Unauthorized entry', undefined, 'favorites'),
    );
    expect(calls.map((c) => c.method)).toEqual(['POST']);
  });
});
