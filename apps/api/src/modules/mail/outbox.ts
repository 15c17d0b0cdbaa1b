import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { MAIL_ATTACHMENT_MAX_BYTES, mailAttachments, mailOutbox } from '../../db/schema.ts';
import { sqlOf } from '../../db/statements.ts';

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
  const files = message.attachments?.length ?? 0;
  const result = await db.execute<{ id: string }>(
    sqlOf(`with ${storeMailText(1, files)} select id from mail`, mailValues(message)),
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('The e-mail was not stored');
  return id;
}

/**
 * The CTEs that store a message and its `files` files when `when` holds (a condition over the
 * statement's other CTEs), as statement text whose values (mailValues) are placeholders from
 * `$first` on: `mail`, the message's row, then its files. A statement that makes something
 * true writes its e-mail with it — both or neither, in one round trip, with no transaction or
 * savepoint around them — and, its text fixed, may be prepared.
 */
export function storeMailText(first: number, files: number, when = 'true'): string {
  const at = (i: number) => `$${first + i}`;
  const stored = `mail as (
      insert into mail_outbox ("to", subject, text, html)
      select ${at(0)}::text, ${at(1)}::text, ${at(2)}::text, ${at(3)}::text where ${when}
      returning id)`;
  if (files === 0) return stored;
  const rows = Array.from(
    { length: files },
    (_, i) =>
      `(${i}::smallint, ${at(4 + 3 * i)}::text, ${at(5 + 3 * i)}::text, ${at(6 + 3 * i)}::bytea)`,
  );
  return `${stored},
    mail_files as (
      insert into mail_attachments (mail_id, position, filename, content_type, content)
      select mail.id, f.position, f.filename, f.content_type, f.content
      from mail, (values ${rows.join(', ')}) as f (position, filename, content_type, content))`;
}

/** The values of storeMailText's placeholders, in order. */
export function mailValues(message: MailMessage): unknown[] {
  const attachments = message.attachments ?? [];
  checkAttachments(attachments);
  return [
    message.to,
    message.subject,
    message.text,
    message.html,
    ...attachments.flatMap((a) => [a.filename, a.contentType, a.content]),
  ];
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
