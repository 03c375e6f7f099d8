import type { Page } from '@playwright/test';

// The staff screen of a raffle's sold tickets (/dashboard/admin/tickets/:id), shared by the
// sold-tickets-*.spec.ts files.

export const JOSE = { name: 'José Ángel Rodríguez', cedula: 'V-20111222', phone: '0412-5556677' };
export const ANA = { name: 'Ana Pérez', cedula: 'V-9876543', phone: '0424-1112233' };

export const ticketsUrl = (raffleId: string) => `/dashboard/admin/tickets/${raffleId}`;

/** The list's rows (table rows on wide screens, cards on phones). */
export const rows = (page: Page) => page.getByTestId('ticket-row');
export const row = (page: Page, label: string) =>
  rows(page).filter({
    has: page.getByRole('button', { name: `Ver detalle del número ${label}`, exact: true }),
  });
export const chip = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name}: \\d+$`) });

export async function openMenu(page: Page, label: string) {
  await page.getByRole('button', { name: `Acciones del número ${label}`, exact: true }).click();
}
