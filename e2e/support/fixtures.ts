import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page, type Response } from '@playwright/test';
import {
  baseUrl,
  DEMO,
  type DemoRole,
  deleteAccounts,
  signInApi,
  signUpApi,
  uniqueEmail,
} from './accounts.ts';

interface ThrowawayUser {
  id: string;
  email: string;
  password: string;
}

interface AccountFixtures {
  /** Signs the page's browser in as a demo account (through the API, sharing its cookies). */
  signInAs: (role: DemoRole) => Promise<void>;
  /** A fresh self-registered account (rol user), deleted after the test. */
  throwawayUser: ThrowawayUser;
  /** E-mails of accounts the test creates through the UI: deleted after the test. */
  createdAccounts: Set<string>;
}

interface WorkerFixtures {
  /** A request context signed in as the superAdmin, for setup and clean-up. */
  superAdminApi: import('@playwright/test').APIRequestContext;
}

/**
 * Waits until the app runs in the page: a server-rendered screen is drawn before its code has
 * hydrated it, and a click or a keystroke before that would do nothing. Other documents (an API
 * answer, a file) have no app to wait for.
 */
async function untilInteractive(page: Page, response: Response | null) {
  if (!response?.headers()['content-type']?.includes('text/html')) return;
  if ((await page.locator('#root').count()) === 0) return;
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

export const test = base.extend<AccountFixtures, WorkerFixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (!javaScriptEnabled) return use(page);
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilInteractive(page, response);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await untilInteractive(page, response);
      return response;
    };
    await use(page);
  },

  superAdminApi: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: baseUrl() });
      await signInApi(request, DEMO.superAdmin.email);
      await use(request);
      await request.dispose();
    },
    { scope: 'worker' },
  ],

  createdAccounts: async ({ superAdminApi }, use) => {
    const emails = new Set<string>();
    await use(emails);
    await deleteAccounts(superAdminApi, emails);
  },

  signInAs: async ({ page }, use) => {
    await use((role) => signInApi(page.request, DEMO[role].email));
  },

  throwawayUser: async ({ playwright, createdAccounts }, use) => {
    const email = uniqueEmail('user');
    const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
    const request = await playwright.request.newContext({ baseURL: baseUrl() });
    const id = await signUpApi(request, email, password);
    await request.dispose();
    createdAccounts.add(email);
    await use({ id, email, password });
  },
});

export { expect };

/** A toast (Mantine notification) with this exact text. */
export function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** The navigation bar's account menu button (signed in). */
export function accountMenu(page: Page) {
  return page.getByRole('button', { name: /^Account menu of / });
}

/** Fills the login form and submits it. */
export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Serious and critical accessibility violations of the page as it is now (axe). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''} ${n.html}`),
    }));
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious and critical violations of WCAG 2.2 AA on the page as it is now, one line each. */
export async function wcagViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes[0]?.target.join(' ')}`);
}

/** Collects the page's console errors and uncaught exceptions from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** No serious WCAG violation, no sideways scroll, and no console error collected so far. */
export async function expectSoundPage(page: Page, consoleErrors: string[]) {
  expect(await wcagViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  expect(consoleErrors).toEqual([]);
}
