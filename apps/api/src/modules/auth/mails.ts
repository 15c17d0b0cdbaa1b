import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../mail/outbox.ts';
import { buttonHtml, layoutHtml } from '../mail/templates.ts';

/** @internal */
export const VERIFY_SUBJECT = 'Verify your e-mail address for DevStay';
/** @internal */
export const RESET_SUBJECT = 'Reset your DevStay password';

export function verificationMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: VERIFY_SUBJECT,
    text: [
      'Welcome to DevStay!',
      '',
      'Confirm that this is your e-mail address by opening this link:',
      url,
      '',
      'The link works for 24 hours. If you did not sign up, ignore this e-mail.',
    ].join('\n'),
    html: layoutHtml(
      VERIFY_SUBJECT,
      '<h1 style="font-size:20px;margin-top:0">Welcome to DevStay!</h1>' +
        '<p>Confirm that this is your e-mail address.</p>' +
        buttonHtml(url, 'Verify my e-mail') +
        `<p style="font-size:13px;color:#495057;word-break:break-all">Or open this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
        '<p style="font-size:13px;color:#495057">The link works for 24 hours. If you did not sign up, ignore this e-mail.</p>',
    ),
  };
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: RESET_SUBJECT,
    text: [
      'Someone asked to reset the password of your DevStay account.',
      '',
      'Choose a new password here:',
      url,
      '',
      'The link works for 1 hour. If it was not you, ignore this e-mail: your password stays the same.',
    ].join('\n'),
    html: layoutHtml(
      RESET_SUBJECT,
      '<h1 style="font-size:20px;margin-top:0">Reset your password</h1>' +
        '<p>Someone asked to reset the password of your DevStay account.</p>' +
        buttonHtml(url, 'Choose a new password') +
        `<p style="font-size:13px;color:#495057;word-break:break-all">Or open this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
        '<p style="font-size:13px;color:#495057">The link works for 1 hour. If it was not you, ignore this e-mail: your password stays the same.</p>',
    ),
  };
}
