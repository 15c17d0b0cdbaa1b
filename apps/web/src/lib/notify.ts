import { type NotificationData, notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Close notification' };

/**
 * Shows a toast. With an id, it replaces the toast of that id still on screen: Mantine's `show`
 * ignores an id it already holds, which would keep 'Check the fields' up and swallow the
 * success toast of the save that follows.
 */
function show(toast: NotificationData): void {
  if (toast.id) notifications.hide(toast.id);
  notifications.show(toast);
}

/** Toasts (product §4): success, error, info. An id replaces a toast instead of stacking copies. */
export function notifySuccess(message: string, id?: string): void {
  show({ id, message, color: 'green', withBorder: true, closeButtonProps });
}

export function notifyError(message: string, title?: string, id?: string): void {
  show({ id, title, message, color: 'red', withBorder: true, closeButtonProps });
}

export function notifyInfo(message: string, id?: string): void {
  show({ id, message, color: 'blue', withBorder: true, closeButtonProps });
}
