import { type APIRequestContext, expect } from '@playwright/test';

/** The development inbox (GET /api/dev/inbox): the server runs without SMTP in these tests. */
interface InboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export const VERIFY_SUBJECT = 'Verify your e-mail address for DevStay';
export const RESET_SUBJECT = 'Reset your DevStay password';

/** Waits for the newest e-mail with this subject to this address and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/inbox', { params: { to, limit: 20 } });
        expect(response.ok()).toBe(true);
        const messages = (await response.json()) as InboxMessage[];
        found = messages.find((m) => m.subject === subject);
        return found !== undefined;
      },
      { message: `an e-mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as InboxMessage;
}

/** The first web address of an e-mail's text: the link a person would follow. */
export function firstLink(message: InboxMessage): string {
  const match = /https?:\/\/\S+/.exec(message.text);
  if (!match) throw new Error(`No link in the e-mail "${message.subject}"`);
  return match[0];
}
