import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { createActiveRaffle, openRaffle } from './raffle-helpers';

// Issue 7, item 8: the board is a grid with one tab stop; the keys move the focus and press cells.

test.use({ viewport: { width: 1440, height: 900 } });

/** The focused element sits between the sticky header and the selection bar, not under them. */
const focusUnobscured = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement?.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect();
    const bar = document.getElementById('rd-selection-bar')?.getBoundingClientRect();
    if (!box) return false;
    return box.top >= (header?.bottom ?? 0) && box.bottom <= (bar?.top ?? window.innerHeight);
  });

/** The number of the focused cell, or what has the focus when it is not a cell. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el?.closest('[role="grid"]')) return `outside: ${el?.textContent?.trim().slice(0, 30)}`;
    return el.getAttribute('data-number');
  });

test('keyboard: one tab stop into the board, arrows/Home/End/PageDown move, Enter and Space choose', {
  tag: '@screenshots',
}, async ({ page, request }) => {
  const raffle = await createActiveRaffle(request, { total_numbers: 10_000, digit_count: 4 });
  await openRaffle(page, raffle.id);
  const grid = page.getByRole('grid', { name: 'Tablero de números' });
  await expect(grid).toHaveAttribute('aria-rowcount', /\d+/);
  const columns = Number(await grid.getAttribute('aria-colcount'));
  expect(columns).toBeGreaterThan(1);
  await expect(grid.locator('[data-number][tabindex="0"]')).toHaveCount(1);

  // From the control before the board, one Tab lands on the first number.
  await page.getByRole('button', { name: 'Elegir al azar' }).focus();
  await page.keyboard.press('Tab');
  await expect.poll(() => focused(page)).toBe('0');

  const steps: [string, number][] = [
    ['ArrowRight', 1],
    ['ArrowDown', 1 + columns],
    ['End', 2 * columns - 1],
    ['Home', columns],
    ['ArrowLeft', columns - 1], // the end of the row above
    ['ArrowUp', columns - 1],
    ['Control+Home', 0],
  ];
  for (const [key, number] of steps) {
    await page.keyboard.press(key);
    await expect.poll(() => focused(page), key).toBe(String(number));
  }
  // Still one tab stop: the focused cell.
  await expect(grid.locator('[data-number][tabindex="0"]')).toHaveCount(1);
  await expect(grid.locator('[data-number="0"]')).toHaveAttribute('tabindex', '0');

  // Enter and Space press the focused number: chosen, then unchosen.
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('button', { name: 'Número 0000, elegido por ti' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('ArrowRight');
  // The focus moves after a render: Space before it would press number 0 again (flaky under load).
  await expect.poll(() => focused(page)).toBe('1');
  await page.keyboard.press('Space');
  await expect(page.getByText('2 números elegidos')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 número elegido')).toBeVisible();
  await expect(grid.locator('[data-number="1"]')).toHaveAttribute('aria-pressed', 'false');

  // PageDown moves a screenful of rows down the same column, scrolling the board.
  await page.keyboard.press('PageDown');
  await expect.poll(async () => Number(await focused(page))).toBeGreaterThan(columns);
  const afterPage = Number(await focused(page));
  expect(afterPage % columns).toBe(1);
  await expect(grid.locator(`[data-number="${afterPage}"]`)).toBeInViewport();
  await expect.poll(() => focusUnobscured(page)).toBe(true);

  // Ctrl+End reaches the last of 10,000 numbers: its row is rendered and scrolled into view.
  await page.keyboard.press('Control+End');
  await expect.poll(() => focused(page)).toBe('9999');
  await expect(grid.locator('[data-number="9999"]')).toBeInViewport();
  await expect.poll(() => focusUnobscured(page)).toBe(true);
  expect(await page.locator('[data-number]').count()).toBeLessThan(400); // of 10,000: still virtualized
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 números elegidos')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  // The move lands on the next animation frame: a Tab pressed before it would be undone by it.
  await expect.poll(() => focused(page)).toBe('9998');
  await screenshot(page, 'issue-7/board-keyboard-1440.png');

  // The next Tab leaves the board; Shift+Tab comes back to the number it left.
  await page.keyboard.press('Tab');
  await expect.poll(() => focused(page)).toMatch(/^outside/);
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => focused(page)).toBe('9998');
});
