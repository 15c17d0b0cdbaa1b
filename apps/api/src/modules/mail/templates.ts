/**
 * Building blocks of our e-mails. A message is written once as blocks, and each block has a
 * plain-text and an HTML form, so the two parts of a message never say different things. Every
 * dynamic value goes through `escapeHtml`. The HTML reads on a 360 px phone: one column, no
 * fixed widths, and long words (a booking number, an address) wrap.
 */
import { escapeHtml } from '../../lib/html.ts';

export type MailBlock =
  | { kind: 'paragraph'; text: string; strong?: boolean }
  | { kind: 'heading'; text: string }
  /** Label and value pairs: 'Booking reference: …'. */
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] }
  /** A titled box of lines, such as a booked room. */
  | { kind: 'item'; title: string; lines: readonly string[] }
  | { kind: 'links'; links: readonly { label: string; url: string }[] };

const TEXT_COLOR = '#212529';
const DIMMED = '#495057';
const LINK = '#1864ab';

/** A link styled as a button; several side by side wrap on a narrow screen. */
function linkButton(url: string, label: string): string {
  return (
    `<a href="${escapeHtml(url)}" ` +
    'style="display:inline-block;margin:0 8px 8px 0;background:#1864ab;color:#fff;padding:12px 18px;' +
    'border-radius:6px;text-decoration:none;font-weight:600;max-width:100%;box-sizing:border-box">' +
    `${escapeHtml(label)}</a>`
  );
}

/** A call-to-action link styled as a button, in a paragraph of its own. */
export function buttonHtml(url: string, label: string): string {
  return `<p style="margin:24px 0 16px">${linkButton(url, label)}</p>`;
}

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph': {
      const text = escapeHtml(block.text);
      return `<p style="margin:0 0 16px">${block.strong ? `<strong>${text}</strong>` : text}</p>`;
    }
    case 'heading':
      return `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`;
    case 'facts':
      return (
        '<p style="margin:0 0 16px">' +
        block.rows
          .map(
            ([label, value]) =>
              `<span style="color:${DIMMED}">${escapeHtml(label)}:</span> ` +
              `<strong>${escapeHtml(value)}</strong>`,
          )
          .join('<br>') +
        '</p>'
      );
    case 'item':
      return (
        '<div style="border:1px solid #dee2e6;border-radius:6px;padding:12px;margin:0 0 12px">' +
        `<p style="margin:0 0 4px;font-weight:700">${escapeHtml(block.title)}</p>` +
        block.lines
          .map((line) => `<p style="margin:0 0 4px;color:${DIMMED}">${escapeHtml(line)}</p>`)
          .join('') +
        '</div>'
      );
    case 'links':
      return `<p style="margin:24px 0 8px">${block.links.map((l) => linkButton(l.url, l.label)).join('')}</p>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'heading':
      return `${block.text}\n${'-'.repeat(block.text.length)}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'item':
      return [block.title, ...block.lines.map((line) => `  ${line}`)].join('\n');
    case 'links':
      return block.links.map((l) => `${l.label}: ${l.url}`).join('\n');
  }
}

/** The plain-text part of a message: its blocks one after the other, a blank line apart. */
export function mailText(blocks: readonly MailBlock[]): string {
  return blocks.map(blockText).join('\n\n');
}

/** The HTML part of a message, in the frame every DevStay e-mail shares. */
export function mailHtml(title: string, blocks: readonly MailBlock[]): string {
  return layoutHtml(title, blocks.map(blockHtml).join(''));
}

/** The frame every DevStay e-mail shares; `bodyHtml` must already be escaped. */
export function layoutHtml(title: string, bodyHtml: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;background:#f1f3f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:${TEXT_COLOR};font-size:15px;line-height:1.5;overflow-wrap:anywhere;word-break:break-word">` +
    '<div style="max-width:560px;margin:0 auto;padding:16px 12px">' +
    `<p style="font-size:20px;font-weight:700;color:${LINK};margin:0 0 12px">DevStay</p>` +
    `<div style="background:#fff;border-radius:8px;padding:20px 16px">${bodyHtml}</div>` +
    `<p style="font-size:12px;color:${DIMMED};margin-top:16px">Hotels for software developers.</p>` +
    '</div></body></html>'
  );
}
