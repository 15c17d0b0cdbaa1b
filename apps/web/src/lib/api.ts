import type { ErrorBody } from '@devstay/shared/contracts/common';
import {
  CSRF_HEADER,
  type ErrorCode,
  TOTAL_COUNT_HEADER,
  TOTAL_COUNT_LOWER_BOUND_HEADER,
} from '@devstay/shared/http';

/**
 * An HTTP failure of the API: the server's message, the offending field if any, and its stable
 * `code` (ERROR_CODES of @devstay/shared/http; absent when the server could not be reached or
 * did not answer with an error body). Branch on `code`, not on the message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly code?: ErrorCode;

  constructor(status: number, message: string, field?: string, code?: ErrorCode) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.code = code;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the DevStay server. Check your connection and try again.';

export type QueryValue = string | number | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Extra request headers (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
}

/** `/api` + path + query string; empty values are left out. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

function isErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null && 'message' in value;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isErrorBody(body) && typeof body.message === 'string' && body.message) {
    return new ApiError(response.status, body.message, body.field, body.code);
  }
  const reason = response.statusText ? `: ${response.statusText}` : '';
  return new ApiError(response.status, `The server answered ${response.status}${reason}`);
}

/** How requests reach the API: the browser's fetch, or an in-process call in the server's render. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server's first render reads the API in-process (public data only: it sends no cookies). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** Performs a request against the API and returns the raw response once it succeeded. */
async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const { query, body, signal, headers, method = body === undefined ? 'GET' : 'POST' } = options;
  let response: Response;
  try {
    response = await transport(apiUrl(path, query), {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        // The API's CSRF rule for changes: proof that the call comes from this site's scripts.
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: 'fetch' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** A JSON request; resolves to the parsed body. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** The count stopped early: there are more than `total` ("1,000+"). */
  totalIsLowerBound?: boolean;
}

/**
 * A paged list: the items are the body, the total number of matches is in X-Total-Count (more
 * than that when X-Total-Count-Lower-Bound says so).
 */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  const response = await apiFetch(path, options);
  const items = (await response.json()) as T[];
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return {
    items,
    total: Number.isFinite(header) && header >= 0 ? header : items.length,
    totalIsLowerBound: response.headers.get(TOTAL_COUNT_LOWER_BOUND_HEADER) === 'true',
  };
}

/** A message for any thrown value, for toasts and error screens. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
