// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { trackedTicketFixture } from '@/test/tracked-ticket';
import { keepLookup, readKeptLookup } from '../kept-lookup';
import { TrackingPage } from './tracking-page';

const query = { cedula: 'V-12345678', phone_last4: '4567' };
let calls: ReturnType<typeof recordFetch>['calls'];

beforeEach(() => {
  sessionStorage.clear();
  // What the server says now: number 07, paid since the lookup was first made. Anything else the
  // page reads (rates, accounts) is an empty list.
  const tickets = [trackedTicketFixture({ status: 'pagado', remaining_cents: 0 })];
  const fetch = recordFetch();
  const stub = fetch.fetchStub;
  calls = fetch.calls;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    await stub(input, init);
    return String(input).endsWith('/api/tracking') ? Response.json({ tickets }) : Response.json([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const trackingCalls = () => calls.filter((c) => c.url.endsWith('/api/tracking'));

describe('the tracking page after a reload', () => {
  it('asks the server again for the lookup the tab kept, and shows its answer', async () => {
    keepLookup(query);
    renderWithProviders(<TrackingPage />);
    expect(await screen.findByRole('heading', { name: 'Tus tickets' })).toBeTruthy();
    expect(trackingCalls()).toEqual([{ method: 'POST', url: expect.any(String), body: query }]);
    // The form says what was asked, so «Consultar» asks it again.
    expect((screen.getByRole('textbox', { name: 'Cédula' }) as HTMLInputElement).value).toBe('12345678');
    expect(
      (screen.getByRole('textbox', { name: 'Últimos 4 dígitos de tu teléfono' }) as HTMLInputElement).value,
    ).toBe('4567');
  });

  it('with nothing kept, asks nothing until the buyer does; what they ask is kept', async () => {
    renderWithProviders(<TrackingPage />);
    await screen.findByRole('button', { name: 'Consultar' });
    expect(trackingCalls()).toEqual([]);

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Cédula' }), '12345678');
    await user.type(screen.getByRole('textbox', { name: 'Últimos 4 dígitos de tu teléfono' }), '4567');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByRole('heading', { name: 'Tus tickets' })).toBeTruthy();
    expect(readKeptLookup()).toEqual(query);
  });
});
