import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@devstay/demo-data/demo-accounts';
import type { APIRequestContext, APIResponse } from '@playwright/test';

/** The seeded demo accounts by role, all with DEMO_PASSWORD. The admin runs the first hotel. */
export const DEMO = demoAccountsByRole();
export { DEMO_PASSWORD };
export type DemoRole = keyof typeof DEMO;

function demoAccountsByRole() {
  const of = (rol: (typeof DEMO_ACCOUNTS)[number]['rol']) => {
    const account = DEMO_ACCOUNTS.find((a) => a.rol === rol);
    if (!account) throw new Error(`No demo account with role ${rol}`);
    return { email: account.email, name: account.name };
  };
  return { user: of('user'), admin: of('admin'), superAdmin: of('superAdmin') } as const;
}

/** The site under test (set by scripts/e2e.ts). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests with `npm run test:e2e`');
  return url;
}

/** An address nobody else in this run uses; `.test` never delivers anywhere. */
export function uniqueEmail(label = 'person'): string {
  return `e2e-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@devstay.test`;
}

/** Same-site headers the API asks of a call that changes something (Origin, CSRF header). */
export function siteHeaders(): Record<string, string> {
  return { origin: baseUrl(), 'x-requested-with': 'e2e' };
}

async function expectOk(response: APIResponse, what: string): Promise<APIResponse> {
  if (!response.ok()) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
  return response;
}

/** Signs a request context (or a page's, sharing the browser's cookies) in by e-mail. */
export async function signInApi(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await expectOk(
    await request.post('/api/auth/sign-in/email', {
      headers: siteHeaders(),
      data: { email, password },
    }),
    `Sign-in of ${email}`,
  );
}

/** Registers an account the way the register form does; returns its id. */
export async function signUpApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await expectOk(
    await request.post('/api/auth/sign-up/email', {
      headers: siteHeaders(),
      data: { email, password },
    }),
    `Sign-up of ${email}`,
  );
  const body = (await response.json()) as { user: { id: string } };
  return body.user.id;
}

export interface AccountRow {
  id: string;
  email: string;
  rol: string;
  name: string;
  lastname: string;
  hotel: { id: number; name: string } | null;
}

/** The user table as the superAdmin reads it. */
async function listAccounts(superAdmin: APIRequestContext): Promise<AccountRow[]> {
  const response = await expectOk(await superAdmin.get('/api/users'), 'The user list');
  return (await response.json()) as AccountRow[];
}

/** The profile of the signed-in account of a context, or null when signed out. */
export async function me(request: APIRequestContext): Promise<AccountRow | null> {
  const response = await request.get('/api/me');
  if (response.status() === 401) return null;
  await expectOk(response, 'GET /api/me');
  return (await response.json()) as AccountRow;
}

/** Deletes the accounts with these e-mails, if they exist (superAdmin). */
export async function deleteAccounts(
  superAdmin: APIRequestContext,
  emails: Iterable<string>,
): Promise<void> {
  const wanted = new Set([...emails].map((e) => e.toLowerCase()));
  if (wanted.size === 0) return;
  for (const account of await listAccounts(superAdmin)) {
    if (!wanted.has(account.email)) continue;
    const response = await superAdmin.delete(`/api/users/${encodeURIComponent(account.id)}`, {
      headers: siteHeaders(),
    });
    if (!response.ok() && response.status() !== 404) {
      throw new Error(`Deleting ${account.email} answered ${response.status()}`);
    }
  }
}
