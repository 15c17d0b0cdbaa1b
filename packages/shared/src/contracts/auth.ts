import { z } from 'zod';
import { PASSWORD_MIN } from '../constants.ts';
import { text } from './common.ts';

/**
 * Identity: Better Auth serves /api/auth/* (docs/auth.md lists the calls). These are the texts
 * of product §4, §5 and §8 and the shapes the web app needs around them.
 */

/** `code` → exact message of product §8 returned by /api/auth for the web's toasts. */
export const AUTH_ERRORS = {
  USER_NOT_FOUND: 'User not found',
  WRONG_PASSWORD: 'Wrong password',
  EMAIL_ALREADY_IN_USE: 'Email already in use',
  EMAIL_INVALID: 'Email invalid',
  WEAK_PASSWORD: 'Weak password',
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERRORS;

/** Info toast after a successful registration (product §4). */
export const SIGN_UP_INFO = 'We sent you an email. Check your inbox';
/** Reset form with no e-mail (product §5). */
const RESET_EMAIL_REQUIRED = 'Write an email to reset password';

/**
 * Every 4xx of /api/auth/* (Better Auth's shape): a stable `code` and a message. For the errors
 * above the message is the product's text and `field` names the input.
 */
export const authErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, AUTH_ERRORS.EMAIL_INVALID)
  .max(254)
  .pipe(z.email({ message: AUTH_ERRORS.EMAIL_INVALID }));
const password = z.string().min(PASSWORD_MIN, AUTH_ERRORS.WEAK_PASSWORD).max(128);

/** Login form → POST /api/auth/sign-in/email. Submit is enabled only when this passes (product §5). */
export const signInBody = z.object({ email, password });
export type SignInBody = z.infer<typeof signInBody>;

/** Register form → POST /api/auth/sign-up/email (`name`, the display name, may be empty). */
export const signUpBody = z.object({ email, password, name: text(100).optional() });
export type SignUpBody = z.infer<typeof signUpBody>;

/** Reset form → POST /api/auth/request-password-reset. */
export const forgotPasswordBody = z.object({
  email: z
    .string()
    .trim()
    .min(1, RESET_EMAIL_REQUIRED)
    .pipe(z.email({ message: AUTH_ERRORS.EMAIL_INVALID })),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** /reset-password?token=… page → POST /api/auth/reset-password. */
export const resetPasswordBody = z.object({ token: z.string().min(1), newPassword: password });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/**
 * GET /api/auth-providers: which sign-in methods this server offers, so the web can hide
 * 'Continue with Google'. Start a provider with POST /api/auth/sign-in/social
 * `{ provider: id, callbackURL, errorCallbackURL }` and follow the returned `url`.
 */
export const authProviders = z.object({
  emailPassword: z.boolean(),
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(['google', 'oidc']),
    }),
  ),
});
export type AuthProviders = z.infer<typeof authProviders>;
