import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { TOAST_AUTO_CLOSE_MS } from '@devstay/shared/constants';
import { Notifications } from '@mantine/notifications';

/** Mantine's toast container with the product's settings: 5 s, top right, light theme. */
export function ToastContainer() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />;
}
