import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The red box of the password screens (product §2.11); nothing when there is no message. */
export function ErrorBox({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={20} aria-hidden="true" />}
      data-testid="error-box"
    >
      {message}
    </Alert>
  );
}
