/** Building blocks of our e-mails: every dynamic value goes through `escapeHtml`. */
import { escapeHtml } from '../../lib/html.ts';

/** A call-to-action link styled as a button. */
export function buttonHtml(url: string, label: string): string {
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(url)}" ` +
    'style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">' +
    `${escapeHtml(label)}</a></p>`
  );
}

/** The frame every DevStay e-mail shares; `bodyHtml` must already be escaped. */
export function layoutHtml(title: string, bodyHtml: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>` +
    '<body style="margin:0;background:#f1f3f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#212529">' +
    '<div style="max-width:560px;margin:0 auto;padding:24px">' +
    '<p style="font-size:20px;font-weight:700;color:#1c7ed6;margin:0 0 16px">DevStay</p>' +
    `<div style="background:#fff;border-radius:8px;padding:24px">${bodyHtml}</div>` +
    '<p style="font-size:12px;color:#868e96;margin-top:16px">Hotels for software developers.</p>' +
    '</div></body></html>'
  );
}
