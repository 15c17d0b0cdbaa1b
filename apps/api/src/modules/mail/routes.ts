import { MAIL_STATUSES } from '@devstay/shared/constants';
import { text, wholeParam } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { hostNameOf, isLoopbackName } from '../../plugins/host-check.ts';
import { latestMails, mailAttachment } from './outbox.ts';

const inboxQuery = z.object({
  to: text(254).toLowerCase().optional(),
  limit: wholeParam(1, 500).default(100),
});

const inboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(
    z.object({
      position: z.number().int(),
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      url: z.string(),
    }),
  ),
});
type InboxMessage = z.infer<typeof inboxMessage>;

/** Whether a client address is this machine's loopback interface. */
function isLoopback(address: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);
}

const DEV_INBOX_LOCAL_ONLY = 'The development inbox can only be read from this machine';
const DEV_INBOX_LOOPBACK_HOST_ONLY =
  'The development inbox is only shown at localhost, 127.0.0.1 or [::1]';

/**
 * The development inbox: every e-mail of the outbox, newest first, as JSON and as a page that
 * shows each message as it would arrive (links clickable). Registered only outside production,
 * and answered only to clients on this machine: its reset links would hand any account to
 * whoever reads them (docs/decisions/0007-development-inbox-and-secret.md).
 */
export const devInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.ip)) throw new HttpError(403, DEV_INBOX_LOCAL_ONLY);
    // Opened at a loopback name only: not even PUBLIC_URL's or TRUSTED_ORIGINS' hosts.
    if (!isLoopbackName(hostNameOf(request.host))) {
      throw new HttpError(403, DEV_INBOX_LOOPBACK_HOST_ONLY);
    }
  });

  async function messages(query: z.infer<typeof inboxQuery>): Promise<InboxMessage[]> {
    const rows = await latestMails(app.db, query);
    return rows.map(({ message: r, attachments }) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      status: r.status as InboxMessage['status'],
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      attachments: attachments.map((a) => ({
        ...a,
        url: `/api/dev/inbox/${r.id}/attachments/${a.position}`,
      })),
    }));
  }

  app.get(
    '/dev/inbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'E-mails of the outbox, newest first (development only)',
        description: 'Absent (404) when NODE_ENV is production. `to` filters by recipient.',
        querystring: inboxQuery,
        response: { 200: z.array(inboxMessage) },
      },
    },
    async (request) => messages(request.query),
  );

  app.get(
    '/dev/inbox/:id/attachments/:position',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'A file attached to an e-mail of the outbox (development only)',
        params: z.object({ id: z.uuid(), position: wholeParam(0, 32767) }),
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await mailAttachment(app.db, request.params.id, request.params.position);
      if (!file) throw new HttpError(404, 'No such attachment');
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`,
        )
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  app.get(
    '/dev/inbox/view',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'The development inbox as a web page (development only)',
        querystring: inboxQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const list = await messages(request.query);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(inboxPage(list));
    },
  );
};

/** Plain text with its URLs turned into links. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function inboxPage(list: InboxMessage[]): string {
  const items = list
    .map((m) => {
      // The HTML body is shown in a sandboxed frame (no scripts); its links open the site.
      const frame = `<base target="_top">${m.html}`;
      return (
        '<article class="mail">' +
        `<header><h2>${escapeHtml(m.subject)}</h2>` +
        `<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.createdAt)} · ` +
        `<span class="status ${m.status}">${m.status}</span>` +
        (m.lastError ? ` · last error: ${escapeHtml(m.lastError)}` : '') +
        '</p></header>' +
        `<iframe title="${escapeHtml(m.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(frame)}"></iframe>` +
        (m.attachments.length > 0
          ? `<p class="meta">Attached: ${m.attachments
              .map(
                (a) =>
                  `<a href="${escapeHtml(a.url)}" download>${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)}, ${a.size.toLocaleString('en-US')} bytes)`,
              )
              .join(', ')}</p>`
          : '') +
        `<details><summary>Plain text</summary><pre>${linkify(m.text)}</pre></details>` +
        '</article>'
      );
    })
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>DevStay development inbox</title><style>' +
    'body{font-family:system-ui,sans-serif;margin:0;background:#f1f3f5;color:#212529}' +
    'main{max-width:760px;margin:0 auto;padding:16px}' +
    '.mail{background:#fff;border-radius:8px;padding:16px;margin:16px 0}' +
    '.mail h2{font-size:18px;margin:0}.meta{color:#495057;font-size:14px}' +
    '.status{font-weight:600}.status.failed{color:#c92a2a}.status.pending{color:#e67700}' +
    'iframe{width:100%;height:420px;border:1px solid #dee2e6;border-radius:6px}' +
    'pre{white-space:pre-wrap;word-break:break-word}</style></head><body><main>' +
    '<h1>Development inbox</h1>' +
    `<p>${list.length} message${list.length === 1 ? '' : 's'}, newest first. Nothing here left the machine unless SMTP_URL is set.</p>` +
    (items || '<p>No e-mails yet.</p>') +
    '</main></body></html>'
  );
}
