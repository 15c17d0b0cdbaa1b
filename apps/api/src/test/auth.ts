import { DEMO_PASSWORD } from '@devstay/demo-data/demo-accounts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The site's origin in tests (PUBLIC_URL's default). */
export const ORIGIN = 'http://localhost:3000';

export const DEMO = {
  superAdmin: 'superadmin@devstay.dev',
  admin: 'admin@devstay.dev',
  user: 'user@devstay.dev',
} as const;
export { DEMO_PASSWORD };

let ipCounter = 0;
/** A client address of its own, so per-address rate limits of one test don't touch another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** `name=value` pairs of every Set-Cookie of a response, as a Cookie header. */
export function cookiesOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/** The session token set by a response (the value of devstay.session_token). */
export function sessionTokenOf(res: LightMyRequestResponse): string | undefined {
  const match = cookiesOf(res).match(/devstay\.session_token=([^;]+)/);
  return match?.[1];
}

export async function signInRaw(
  app: FastifyInstance,
  email: string,
  password: string,
  ip = freshIp(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    remoteAddress: ip,
    payload: { email, password },
  });
}

/** Signs in and returns the Cookie header of the session. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await signInRaw(app, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return cookiesOf(res);
}

export async function signUpRaw(
  app: FastifyInstance,
  body: Record<string, unknown>,
  ip = freshIp(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    remoteAddress: ip,
    payload: body,
  });
}

/** Registers through the sign-up form's call; returns the new account's id and session cookie. */
export async function signUp(app: FastifyInstance, email: string, password = 'secret-123') {
  const res = await signUpRaw(app, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().user.id as string, cookie: cookiesOf(res) };
}

/** Headers of a same-site call with a session. */
export function withSession(cookie: string): Record<string, string> {
  return { cookie, origin: ORIGIN };
}
