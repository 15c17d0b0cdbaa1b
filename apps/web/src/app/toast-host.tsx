import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastAsked } from '../lib/notify.ts';

const ToastContainer = lazy(() =>
  import('./toast-container.tsx').then((m) => ({ default: m.ToastContainer })),
);

/**
 * Toasts (product §4, §9). The container's code and styles, and Mantine's toasts with them, are
 * fetched with the first toast rather than with the first page: most visits never show one.
 */
export function ToastHost() {
  const needed = useSyncExternalStore(subscribeToToasts, toastAsked, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
