import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error meant for the client: its status and message are sent as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly field?: string;
  constructor(statusCode: number, message: string, field?: string) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
  }
}

/** 429: the caller must wait `retryAfterSeconds` (sent as Retry-After). */
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** One place shapes every error body: { error, message, field?, statusCode }. No 500 leaks. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = error.validationContext ?? 'body';
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
      const message = `${field}: ${issue?.message ?? 'is invalid'}`;
      return reply.status(400).send({ error: 'Bad Request', message, field, statusCode: 400 });
    }
    if (error instanceof HttpError) {
      if (error instanceof RateLimitedError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({
        error: STATUS_TEXT[error.statusCode] ?? 'Error',
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        statusCode: error.statusCode,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        error: STATUS_TEXT[status] ?? 'Error',
        message: error.message,
        statusCode: status,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
      statusCode: 500,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      statusCode: 404,
    });
  });
}
