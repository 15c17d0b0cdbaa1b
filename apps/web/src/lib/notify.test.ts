import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, expect, test, vi } from 'vitest';
import { notifyError, notifySuccess } from './notify.ts';

afterEach(() => cleanNotifications());

const shown = () => notificationsStore.getState().notifications.map((n) => String(n.message));

test('a toast with the id of one still on screen replaces it', async () => {
  notifyError('Check the fields', undefined, 'content-form');
  notifySuccess('Service modified successfully', 'content-form');
  await vi.waitFor(() => expect(shown()).toEqual(['Service modified successfully']), 20_000);
}, 30_000);

test('toasts without an id stack, in the order asked', async () => {
  notifySuccess('one');
  notifySuccess('two');
  await vi.waitFor(() => expect(shown()).toEqual(['one', 'two']), 20_000);
}, 30_000);
