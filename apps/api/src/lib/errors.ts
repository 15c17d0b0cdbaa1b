import type { ErrorCode } from '@devstay/shared/http';
import { ERROR_MESSAGES } from '@devstay/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The code of an error that names none, from its status. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  421: 'MISDIRECTED_REQUEST',
  429: 'RATE_LIMITED',
};
const codeOf = (status: number): ErrorCode =>
  CODE_OF_STATUS[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL');

/** An error meant for the client: its status, message and code are sent as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly field?: string;
  readonly code: ErrorCode;
  /** Response headers that go with the error (e.g. Retry-After). */
  headers: Record<string, string> = {};
  constructor(statusCode: number, message: string, field?: string, code?: ErrorCode) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
    this.code = code ?? codeOf(statusCode);
  }
}

/** 429: the caller must wait `retryAfterSeconds` (sent as Retry-After). */
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

export const notFound = (what: string) => new HttpError(404, ERROR_MESSAGES.notFound(what));
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
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * One place shapes every error body: { error, code, message, field?, statusCode } (errorBody of
 * @devstay/shared/contracts/common). No 500 leaks its cause.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = error.validationContext ?? 'body';
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
      const message = `${field}: ${issue?.message ?? 'is invalid'}`;
      // Every failing field of the input with its first message (a form shows them all).
      const fields: Record<string, string> = {};
      for (const each of error.validation) {
        const name = each.instancePath.replace(/^\//, '').split('/')[0] || where;
        if (!(name in fields)) fields[name] = each.message ?? 'is invalid';
      }
      return reply.status(400).send({
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message,
        field,
        fields,
        statusCode: 400,
      });
    }
    if (error instanceof HttpError) {
      return reply
        .headers(error.headers)
        .status(error.statusCode)
        .send({
          error: STATUS_TEXT[error.statusCode] ?? 'Error',
          code: error.code,
          message: error.message,
          ...(error.field ? { field: error.field } : {}),
          statusCode: error.statusCode,
        });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        error: STATUS_TEXT[status] ?? 'Error',
        code: codeOf(status),
        message: error.message,
        statusCode: status,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: 'Internal Server Error',
      code: 'INTERNAL',
      message: ERROR_MESSAGES.internal,
      statusCode: 500,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: ERROR_MESSAGES.routeNotFound(request.method, request.url.split('?')[0] ?? ''),
      statusCode: 404,
    });
  });
}
