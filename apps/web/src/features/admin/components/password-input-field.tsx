import '@mantine/core/styles/PasswordInput.layer.css';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/** A password input with a keyboard-reachable show/hide toggle. */
export const PasswordInputField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInputField(props, ref) {
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
