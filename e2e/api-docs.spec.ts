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
  await expect(page.getByRole('heading', { name: /Rifas API/ })).toBeVisible();
  // Operations come from /api/openapi.json (through the page's ./json), grouped by tag.
  const reservation = page.locator('.opblock-summary-path', { hasText: '/api/raffles/{id}/reservations' });
  await expect(reservation).toBeVisible();
  await reservation.click();
  await expect(page.locator('.responses-table').first()).toBeVisible();
  expect(violations).toEqual([]);
});
