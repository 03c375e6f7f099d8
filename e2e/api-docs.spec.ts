import { expect, test } from '@playwright/test';

// The API reference for integrators (decision 013): Swagger UI under the app's own CSP.
test('the API reference at /api/docs renders the generated document without CSP violations', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));

  await page.goto('/api/docs');
  // The first request builds the OpenAPI document of every route (~120 now) on a server that has
  // just started, while the other worker seeds its data: more than the default 7 s on 2 cores.
  await expect(page.getByRole('heading', { name: /Rifas API/ })).toBeVisible({ timeout: 30_000 });
  // Operations come from /api/openapi.json (through the page's ./json), grouped by tag.
  const reservation = page.locator('.opblock-summary-path', { hasText: '/api/raffles/{id}/reservations' });
  await expect(reservation).toBeVisible();
  await reservation.click();
  await expect(page.locator('.responses-table').first()).toBeVisible();
  expect(violations).toEqual([]);
});
