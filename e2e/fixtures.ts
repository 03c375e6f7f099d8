import path from 'node:path';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type PageScreenshotOptions,
} from '@playwright/test';

export const ADMIN = { email: 'admin@e2e.test', password: 'Admin12345!' };
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * Screenshots are review evidence, not source: `npm run screenshots` runs the tests tagged
 * `@screenshots` with SCREENSHOTS=1 and they land in the ignored `screenshots/` folder at the root.
 * Other runs take none (each costs a moment on a loaded machine).
 */
export const SCREENSHOTS_TAG = '@screenshots';
export const takeScreenshots = process.env.SCREENSHOTS === '1';
const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

/** Saves `file` (relative to screenshots/, e.g. "issue-9/rates-412.png") under SCREENSHOTS=1. */
export async function screenshot(
  target: Page | Locator,
  file: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
) {
  // Checked on every run, so a test that takes screenshots cannot be missed by `npm run screenshots`.
  expect(base.info().tags, `a test that takes screenshots is tagged ${SCREENSHOTS_TAG}`).toContain(
    SCREENSHOTS_TAG,
  );
  if (takeScreenshots) await target.screenshot({ path: path.join(SCREENSHOTS_DIR, file), ...options });
}

type Session = { access_token: string; refresh_token: string };
export type SeededUser = {
  id: string;
  email: string;
  password: string;
  full_name: string;
  role: string;
  phone?: string;
};

/** Signs in through the API and returns the session (for seeding, not for the browser). */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  const response = await request.post('/api/auth/sign-in', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).session;
}

// Playwright numbers each worker process of a run (0, 1, …; a restarted worker gets a new number).
const workerIndex = Number(process.env.TEST_WORKER_INDEX ?? 0);
let lastSerial = 0;
/**
 * A number no other call in this run returns, in this worker or the one running beside it: it
 * grows with the clock (≈ Date.now()), and its last digit is the worker's, so two workers never
 * meet. Kept modulo 9,000,000 it stays unique for 2.5 hours; modulo 10,000,000, 2.7 hours.
 */
export function uniqueSerial(): number {
  lastSerial = Math.max(lastSerial + 1, Math.floor(Date.now() / 10));
  return lastSerial * 10 + (workerIndex % 10);
}

/**
 * A bank reference no other payment of this run carries: a reference is credited once per method
 * among payments that are not rejected (409 DUPLICATE_REFERENCE, issue 18), so seeds never share one.
 * Eight digits, as banks print them.
 */
export const uniqueReference = () => String(uniqueSerial() % 100_000_000).padStart(8, '0');

/** A unique e-mail per call, so specs never collide on the shared run database. */
export const uniqueEmail = (prefix: string) => `${prefix}.${uniqueSerial().toString(36)}@e2e.test`;

/** Creates a staff user through POST /api/users as the seeded admin. */
export async function createStaffUser(
  request: APIRequestContext,
  overrides: Partial<Omit<SeededUser, 'id'>> = {},
): Promise<SeededUser> {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const body = {
    email: overrides.email ?? uniqueEmail('vendedor'),
    password: overrides.password ?? 'Clave-Segura-2026',
    full_name: overrides.full_name ?? 'Valentina Rojas',
    role: overrides.role ?? 'vendedor',
    ...(overrides.phone && { phone: overrides.phone }),
  };
  const response = await request.post('/api/users', {
    data: body,
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = await response.json();
  return { ...body, id: created.id };
}

/** Fills the login form and submits it. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Signs in through the UI starting from /login and waits for the dashboard (what auth.spec tests). */
export async function signInAsAdminWithForm(page: Page) {
  await page.goto('/login');
  await signInWithForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
}

/** Where the web app keeps its session (web/src/lib/session-storage.ts). */
const SESSION_KEY = 'rifas.auth.session';

/**
 * The admin's session as the web app stores it after signing in, put in place before the next page
 * loads: a test that is not about signing in skips the sign-in page and the dashboard it lands on
 * (two page loads, with the dashboard's charts, per test). Injected once per tab, so signing out
 * inside the test stays signed out.
 */
export async function withAdminSession(page: Page) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { session, profile } = await response.json();
  await page.addInitScript(
    ({ key, value }) => {
      // Frames without storage (a PDF proof's viewer, about:blank) have nothing to seed.
      try {
        if (window.top !== window || !window.sessionStorage || !window.localStorage) return;
        if (sessionStorage.getItem('e2e.session-seeded')) return;
        sessionStorage.setItem('e2e.session-seeded', '1');
        localStorage.setItem(key, value);
      } catch {
        // storage refused (opaque origin): nothing to seed there
      }
    },
    { key: SESSION_KEY, value: JSON.stringify({ session, profile }) },
  );
}

/** Signed in as the admin (without the sign-in form), on the dashboard. */
export async function signInAsAdmin(page: Page) {
  await withAdminSession(page);
  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
}

/** Resolves once every animation with an end (a dialog opening, a card fading in) has finished. */
export async function finiteAnimationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/** A toast (sonner) with this title, optionally with this description. */
export function toast(page: Page, title: string, description?: string) {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return description ? item.filter({ hasText: description }) : item;
}

/** Every spec fails on an uncaught exception in the page. */
export const test = base.extend<{ failOnPageError: undefined }>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
