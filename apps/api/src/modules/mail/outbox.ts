import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The one way to send an e-mail: write it to the outbox (in a transaction, the message leaves
 * only if it commits). The mail worker delivers it (SMTP, with
 * retries), or the development inbox shows it when no SMTP server is configured.
 */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The e-mail was not stored');
  return row.id;
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
