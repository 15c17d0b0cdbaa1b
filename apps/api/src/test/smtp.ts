import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  receivedAt: number;
  /** The message as it arrived (a parser may rewrite a part's text: its line ends, say). */
  raw: Buffer;
  parsed: Email;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Every delivery attempt (accepted or refused), with its time. */
  attempts: { at: number; accepted: boolean }[];
  /** Decides, per attempt number (1-based), whether the message is refused. */
  refuse: (attempt: number) => boolean;
  /**
   * A slow server: how long it waits before answering a recipient (RCPT TO) and before
   * answering the message's end (the reply to DATA's final dot). The message counts as received
   * when that reply is given, even if the client hung up meanwhile: the server holds it whole.
   */
  delayMs: { rcpt: number; data: number };
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port; what it receives is parsed with postal-mime. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const attempts: { at: number; accepted: boolean }[] = [];
  const state: TestSmtpServer = {
    url: '',
    received,
    attempts,
    refuse: () => false,
    delayMs: { rcpt: 0, data: 0 },
    async waitFor(predicate, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = received.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`No matching e-mail within ${timeoutMs} ms (received ${received.length})`);
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      setTimeout(() => callback(), state.delayMs.rcpt);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (state.delayMs.data > 0) await new Promise((r) => setTimeout(r, state.delayMs.data));
        const attempt = attempts.length + 1;
        if (state.refuse(attempt)) {
          attempts.push({ at: Date.now(), accepted: false });
          const error = new Error('Mailbox temporarily unavailable') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        attempts.push({ at: Date.now(), accepted: true });
        const raw = Buffer.concat(chunks);
        const parsed = await PostalMime.parse(raw);
        received.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          receivedAt: Date.now(),
          raw,
          parsed,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  state.url = `smtp://127.0.0.1:${address.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** The first link of a message's text pointing at `path` (absolute URL). */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const text = `${mail.parsed.text ?? ''}\n${mail.parsed.html ?? ''}`;
  const match = text.match(
    new RegExp(`https?://[^\\s"'<>]*${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>]*`),
  );
  if (!match) throw new Error(`No link to ${path} in "${mail.parsed.subject}"`);
  return new URL(match[0].replaceAll('&amp;', '&'));
}

/**
 * The bytes of the message's one base64 part of `mediaType`, decoded from the message as it
 * arrived: what a mail app saves when the reader opens the attachment.
 */
export function base64PartOf(mail: ReceivedMail, mediaType: string): Buffer {
  const lines = mail.raw.toString('latin1').split('\r\n');
  const start = lines.findIndex((l) => l.toLowerCase().startsWith(`content-type: ${mediaType}`));
  if (start < 0) throw new Error(`No ${mediaType} part in "${mail.parsed.subject}"`);
  const headersEnd = lines.indexOf('', start);
  const headers = lines.slice(start, headersEnd).join('\n').toLowerCase();
  if (!headers.includes('content-transfer-encoding: base64')) {
    throw new Error(`The ${mediaType} part is not in base64`);
  }
  const body: string[] = [];
  for (const line of lines.slice(headersEnd + 1)) {
    if (line.startsWith('--') || line === '') break;
    body.push(line);
  }
  return Buffer.from(body.join(''), 'base64');
}
