import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** The most characters of one text a log line carries: a client's header or address is bounded. */
const LOG_TEXT_MAX = 500;

// C0 and C1 control characters, DEL included: a terminal would act on them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is matched.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A text as a log line may carry it: control characters written as `\uXXXX` (no forged line,
 * no terminal escape, even on a reader that prints the field raw) and at most LOG_TEXT_MAX
 * characters, the rest counted.
 */
function logText(text: string): string {
  const escaped = text.replace(
    CONTROL,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length <= LOG_TEXT_MAX
    ? escaped
    : `${escaped.slice(0, LOG_TEXT_MAX)}… (${escaped.length - LOG_TEXT_MAX} more)`;
}

function bounded<T>(value: T): T {
  return (typeof value === 'string' ? logText(value) : value) as T;
}

/** A request as its log lines show it (Fastify's fields), its client-chosen texts bounded. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}

/**
 * The application's one logger: JSON lines (pino, through Fastify), every message text and
 * every request's URL and host bounded and escaped by logText, whoever logs them (the identity
 * library's messages come here too: modules/auth/auth.ts).
 */
export function loggerOptions(level: Config['LOG_LEVEL']): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    serializers: {
      req: (request: LoggedRequest) => ({
        method: bounded(request.method),
        url: bounded(request.url),
        version: bounded(request.headers?.['accept-version'] as string | undefined),
        host: bounded(request.host),
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map(bounded) as Parameters<typeof method>);
      },
    },
  };
}
