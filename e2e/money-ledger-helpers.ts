import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiSignIn, expect, screenshot } from './fixtures';

// What the money ledger journeys (issue 18: money-ledger-*.spec.ts) share.

export const PHONE = { width: 412, height: 915 };
export const DESKTOP = { width: 1440, height: 900 };
/** The day's rate of every spec outside the server-wide ones: Bs amounts below are at 36,50. */
export const RATE = 36.5;

/** The order code as buyers read it: "K7M4Q2XA" -> "K7M-4Q2XA". */
export const shownCode = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

/** A screenshot at phone size and one at desktop size of what the page shows now. */
export async function bothSizes(page: Page, name: string, ready?: () => Promise<void>) {
  await page.setViewportSize(PHONE);
  await ready?.();
  await screenshot(page, `i18-e/${name}-412.png`, { animations: 'disabled' });
  await page.setViewportSize(DESKTOP);
  await ready?.();
  await screenshot(page, `i18-e/${name}-1440.png`, { animations: 'disabled' });
  await page.setViewportSize(PHONE);
}

export async function adminHeaders(request: APIRequestContext) {
  const { access_token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  return { Authorization: `Bearer ${access_token}` };
}

/** A number's sale as staff see it (status and money), by the admin. */
export async function saleOf(request: APIRequestContext, raffleId: string, number: number) {
  const list = await request.get(`/api/raffles/${raffleId}/tickets`, {
    params: { search: String(number), per_page: 50 },
    headers: await adminHeaders(request),
  });
  expect(list.status(), await list.text()).toBe(200);
  const items = (await list.json()).items as {
    number: number;
    status: string;
    total_paid_cents: number;
    remaining_cents: number;
  }[];
  return items.find((t) => t.number === number);
}
