import { desc, eq } from 'drizzle-orm';
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
  const attachments = message.attachments ?? [];
  checkAttachments(attachments);
  const store = async (tx: Executor) => {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('The e-mail was not stored');
    if (attachments.length > 0) {
      await tx.insert(mailAttachments).values(
        attachments.map((a, position) => ({
          mailId: row.id,
          position,
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      );
    }
    return row.id;
  };
  // The message and its files are stored together or not at all.
  return attachments.length > 0 ? db.transaction(store) : store(db);
}

/** The latest messages of the outbox, newest first, to one recipient or to anyone. */
export async function latestMails(db: Db, filter: { to?: string; limit: number }) {
  return db
    .select()
    .from(mailOutbox)
    .where(filter.to ? eq(mailOutbox.to, filter.to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(filter.limit);
}
