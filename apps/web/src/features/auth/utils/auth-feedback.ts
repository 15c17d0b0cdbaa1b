import { PASSWORD_MIN } from '@devstay/shared/constants';
import { AUTH_ERRORS } from '@devstay/shared/contracts/auth';
import type { FieldErrors } from 'react-hook-form';
import { errorMessage } from '../../../lib/api.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';

/**
 * The product's way of telling what went wrong on login and register (§8): a toast, an info one
 * for a weak password, an error one for anything else. One id per screen replaces the last.
 */
export function toastAuthError(error: unknown, id: string): void {
  const message = errorMessage(error);
  if (message === AUTH_ERRORS.WEAK_PASSWORD) notifyInfo(message, id);
  else notifyError(message, undefined, id);
}

/** The first message of a form that did not pass its schema, as a toast. */
export function toastFirstFieldError(errors: FieldErrors, id: string): void {
  for (const value of Object.values(errors)) {
    const message = value?.message;
    if (typeof message === 'string' && message) {
      toastAuthError(new Error(message), id);
      return;
    }
  }
}

/** Submit is enabled only with an e-mail and a password of the minimum length (product §5). */
export function canSubmitCredentials(email: string | undefined, password: string | undefined) {
  return Boolean(email?.trim()) && (password?.length ?? 0) >= PASSWORD_MIN;
}
