import type { NotificationData } from '@mantine/notifications';

/**
 * Mantine's toasts, fetched with the first toast rather than with the first page: most visits
 * never show one. Toasts asked for meanwhile are shown in their order once it has come.
 */
let toasts: Promise<typeof import('@mantine/notifications')> | undefined;
const onFirstToast = new Set<() => void>();

/** Whether a toast has been asked for yet: the toasts' container is drawn from then on. */
export function toastAsked(): boolean {
  return toasts !== undefined;
}

/** Calls `listener` when the first toast is asked for; returns its removal. */
export function subscribeToToasts(listener: () => void): () => void {
  onFirstToast.add(listener);
  return () => onFirstToast.delete(listener);
}

const closeButtonProps = { 'aria-label': 'Close notification' };

/**
 * Shows a toast. With an id, it replaces the toast of that id still on screen: Mantine's `show`
 * ignores an id it already holds, which would keep 'Check the fields' up and swallow the
 * success toast of the save that follows.
 */
function show(toast: NotificationData): void {
  if (!toasts) {
    toasts = import('@mantine/notifications');
    for (const listener of onFirstToast) listener();
  }
  void toasts.then(({ notifications }) => {
    if (toast.id) notifications.hide(toast.id);
    notifications.show(toast);
  });
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
