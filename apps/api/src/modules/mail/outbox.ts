import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { MAIL_ATTACHMENT_MAX_BYTES, mailAttachments, mailOutbox } from '../../db/schema.ts';

/** A file sent with a message. */
export interface MailAttachment {
  filename: string;
  /** The full media type, parameters included ('text/calendar; method=PUBLISH'). */
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[];
}

/** Files one message may carry: they are few and small, a larger need is a link. */
const MAIL_ATTACHMENTS_MAX = 5;

/** Throws when the message's attachments exceed what the outbox keeps: a defect of its writer. */
function checkAttachments(attachments: readonly MailAttachment[]): void {
  if (attachments.length > MAIL_ATTACHMENTS_MAX) {
    throw new Error(`An e-mail carries at most ${MAIL_ATTACHMENTS_MAX} attachments`);
  }
  for (const a of attachments) {
    if (a.content.byteLength > MAIL_ATTACHMENT_MAX_BYTES) {
      throw new Error(
        `Attachment ${a.filename} is ${a.content.byteLength} bytes, over ${MAIL_ATTACHMENT_MAX_BYTES}`,
      );
    }
  }
}

/**
 * The one way to send an e-mail: write it to the outbox (in a transaction, the message leaves
 * only if it commits). The mail worker delivers it (SMTP, with
 * retries), or the development inbox shows it when no SMTP server is configured.
 */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<string> {
  const result = await db.execute<{ id: string }>(
    sql`with ${storeMailSql(message)} select id from mail`,
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('The e-mail was not stored');
  return id;
}

/**
 * The CTEs that store `message` and its files, when `when` holds (a condition over the
 * statement's other CTEs): `mail`, the message's row, then its files. A statement that makes
 * something true writes its e-mail with it — both or neither, in one round trip, with no
 * transaction or savepoint around them.
 */
export function storeMailSql(message: MailMessage, when: SQL = sql`true`): SQL {
  const attachments = message.attachments ?? [];
  checkAttachments(attachments);
  const { to, subject, text, html } = message;
  const stored = sql`mail as (
      insert into mail_outbox ("to", subject, text, html)
      select ${to}::text, ${subject}::text, ${text}::text, ${html}::text where ${when}
      returning id)`;
  if (attachments.length === 0) return stored;
  const files = sql.join(
    attachments.map(
      (a, position) =>
        sql`(${position}::smallint, ${a.filename}::text, ${a.contentType}::text, ${a.content}::bytea)`,
    ),
    sql`, `,
  );
  return sql`${stored},
    mail_files as (
      insert into mail_attachments (mail_id, position, filename, content_type, content)
      select mail.id, f.position, f.filename, f.content_type, f.content
      from mail, (values ${files}) as f (position, filename, content_type, content))`;
}

/** A file of a message as a list tells it: its name, type and size, not its bytes. */
export interface AttachedFile {
  position: number;
  filename: string;
  contentType: string;
  size: number;
}

/**
 * The latest messages of the outbox, newest first, to one recipient or to anyone, each with
 * its files (their bytes left in the table).
 */
export async function latestMails(db: Db, filter: { to?: string; limit: number }) {
  return db
    .select({
      message: mailOutbox,
      attachments: sql<AttachedFile[]>`(
        select coalesce(json_agg(json_build_object('position', a.position,
            'filename', a.filename, 'contentType', a.content_type,
            'size', octet_length(a.content)) order by a.position), '[]')
        from mail_attachments a where a.mail_id = ${mailOutbox.id})`,
    })
    .from(mailOutbox)
    .where(filter.to ? eq(mailOutbox.to, filter.to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(filter.limit);
}

/** One file of a message, bytes and all; undefined when there is none at that position. */
export async function mailAttachment(db: Db, mailId: string, position: number) {
  const [file] = await db
    .select({
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      content: mailAttachments.content,
    })
    .from(mailAttachments)
    .where(and(eq(mailAttachments.mailId, mailId), eq(mailAttachments.position, position)));
  return file;
}
