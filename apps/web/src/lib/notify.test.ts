import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, expect, test } from 'vitest';
import { notifyError, notifySuccess } from './notify.ts';

afterEach(() => cleanNotifications());

const shown = () => notificationsStore.getState().notifications.map((n) => String(n.message));

test('a toast with the id of one still on screen replaces it', () => {
  notifyError('Check the fields', undefined, 'content-form');
  notifySuccess('Service modified successfully', 'content-form');
  expect(shown()).toEqual(['Service modified successfully']);
});

test('toasts without an id stack', () => {
  notifySuccess('one');
  notifySuccess('two');
  expect(shown()).toEqual(['one', 'two']);
});
