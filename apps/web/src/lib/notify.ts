import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Close notification' };

/** Toasts (spec §4): success, error, info. An id replaces a toast instead of stacking copies. */
export function notifySuccess(message: string, id?: string): void {
  notifications.show({ id, message, color: 'green', withBorder: true, closeButtonProps });
}

export function notifyError(message: string, title?: string, id?: string): void {
  notifications.show({ id, title, message, color: 'red', withBorder: true, closeButtonProps });
}

export function notifyInfo(message: string, id?: string): void {
  notifications.show({ id, message, color: 'blue', withBorder: true, closeButtonProps });
}
