import '@mantine/core/styles/PasswordInput.layer.css';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/** A password input with a keyboard-reachable show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    return (
      <PasswordInput
        ref={ref}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
        {...props}
      />
    );
  },
);
