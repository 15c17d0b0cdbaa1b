import { notifications } from '@mantine/notifications';

/** Toasts (spec §4): success, error, info. An id replaces a toast instead of stacking copies. */
export function notifySuccess(message: string, id?: string): void {
  notifications.show({ id, message, color: 'green', withBorder: true });
}

export function notifyError(message: string, title?: string, id?: string): void {
  notifications.show({ id, title, message, color: 'red', withBorder: true });
}

export function notifyInfo(message: string, id?: string): void {
  notifications.show({ id, message, color: 'blue', withBorder: true });
}
