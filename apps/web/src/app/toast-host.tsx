import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastContainer = lazy(() =>
  import('./toast-container.tsx').then((m) => ({ default: m.ToastContainer })),
);

/**
 * Toasts (product §4, §9). The container's code and styles are fetched with the first toast rather
 * than with the first page: most visits never show one.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
