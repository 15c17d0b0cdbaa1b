import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field.tsx';

interface CredentialFieldsProps {
  /** `register('email')` and `register('password')` of the form. */
  email: UseFormRegisterReturn<'email'>;
  password: UseFormRegisterReturn<'password'>;
  errors: { email?: { message?: string }; password?: { message?: string } };
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordDescription?: string;
}

/** The e-mail and password inputs of the log-in and register forms. */
export function CredentialFields({
  email,
  password,
  errors,
  passwordAutoComplete,
  passwordDescription,
}: CredentialFieldsProps) {
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...email}
      />
      <PasswordField
        label="Password"
        description={passwordDescription}
        autoComplete={passwordAutoComplete}
        error={errors.password?.message}
        {...password}
      />
    </>
  );
}
