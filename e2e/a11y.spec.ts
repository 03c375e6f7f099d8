import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { paths } from '../web/src/config/paths';
import {
  ADMIN,
  apiSignIn,
  createStaffUser,
  expect,
  test,
  uniqueReference,
  uniqueSerial,
  withAdminSession,
} from './fixtures';
import { uploadPrizePhotos } from './prize-photo';
import { cell, createActiveRaffle, fillCheckout, setVesRate } from './raffle-helpers';
import { reserveViaApi, uniqueRaffleName } from './raffle-seed';

// Issue 7, item 9: axe on every route of web/src/config/paths.ts, at phone and desktop size, with
// data seeded so each page shows real content. No serious or critical violation may remain.

const SIZES = {
  phone: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 } },
};

/** A real 1x1 PNG, as a payment proof. */
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Seed = {
  raffleId: string;
  raffleName: string;
  buyerName: string;
  cedula: string;
  last4: string;
  orderCode: string;
};

async function sendProof(request: APIRequestContext, raffleId: string, number: number, buyer: Seed) {
  const upload = await request.post('/api/uploads', {
    multipart: { file: { name: 'pago.png', mimeType: 'image/png', buffer: PROOF_PNG } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const response = await request.post('/api/payments', {
    data: {
      raffle_id: raffleId,
      number,
      cedula: buyer.cedula,
      phone_last4: buyer.last4,
      amount_cents: 500,
      payment_method: 'pago_movil',
      // Each proof its own bank reference: a reference is credited once (issue 18).
      reference: uniqueReference(),
      payment_proof: ((await upload.json()) as { fileUrl: string }).fileUrl,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { payment: { id: string } }).payment.id;
}

/**
 * A raffle with two photos, an organizer and payment instructions; a buyer with tickets in every
 * state a page can show (apartado, a proof in review, pagado); a vendedor for the users list.
 */
async function seed(request: APIRequestContext): Promise<Seed> {
  await setVesRate(request, 36.5);
  const raffle = await createActiveRaffle(request, {
    name: uniqueRaffleName('Moto Bera a11y'),
    total_numbers: 100,
    digit_count: 2,
    images: await uploadPrizePhotos(request),
    organizer_name: 'Rifas El Gato',
    contact_phone: '0414-1112233',
    payment_instructions: 'Pago móvil: Banco de Venezuela, 0414-1112233, V-12345678',
  });
  const digits = String(20_000_000 + (uniqueSerial() % 9_000_000));
  const buyer: Seed = {
    raffleId: raffle.id,
    raffleName: raffle.name,
    buyerName: 'Ana Lucía Méndez',
    cedula: `V-${digits}`,
    last4: digits.slice(-4),
    orderCode: '',
  };
  const { order } = await reserveViaApi(request, raffle.id, [3, 4, 5], {
    name: buyer.buyerName,
    cedula: buyer.cedula,
    phone: `0414-555${buyer.last4}`,
  });
  buyer.orderCode = order.code;
  await sendProof(request, raffle.id, 4, buyer); // stays in review
  const paid = await sendProof(request, raffle.id, 5, buyer);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const approved = await request.patch(`/api/payments/${paid}`, {
    data: { status: 'approved' },
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await createStaffUser(request, { full_name: 'Valentina Rojas' });
  return buyer;
}

type Route = {
  /** The key in `paths` this entry covers. */
  key: string;
  staff: boolean;
  open: (page: Page, seed: Seed) => Promise<void>;
};

/** Waits until the page shows its content: the heading, and no skeleton or spinner left. */
async function settled(page: Page, text?: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (text) await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
  await expect(page.locator('.animate-pulse, [aria-busy="true"]')).toHaveCount(0);
}

const ROUTES: Route[] = [
  {
    key: 'home',
    staff: false,
    open: async (page, s) => {
      await page.goto(paths.home.getHref());
      await settled(page, s.raffleName);
    },
  },
  {
    key: 'raffle',
    staff: false,
    open: async (page, s) => {
      await page.goto(paths.raffle.getHref(s.raffleId));
      await settled(page, 'En vivo');
      await expect(page.getByRole('img', { name: /foto 1 de 2/ })).toBeVisible();
      await expect(page.locator('[data-number="0"]')).toBeVisible();
    },
  },
  {
    key: 'order',
    staff: false,
    open: async (page, s) => {
      await page.goto(paths.order.getHref(s.raffleId, s.orderCode));
      await page.getByLabel('Cédula', { exact: true }).fill(s.cedula.slice(2));
      await page.getByRole('button', { name: 'Ver mi pedido' }).click();
      await expect(page.getByTestId('order-code')).toBeVisible();
      await settled(page);
    },
  },
  {
    key: 'tracking',
    staff: false,
    open: async (page, s) => {
      await page.goto(paths.tracking.getHref());
      await page.getByLabel('Cédula', { exact: true }).fill(s.cedula.slice(2));
      await page.getByLabel('Últimos 4 dígitos de tu teléfono').fill(s.last4);
      await page.getByRole('button', { name: 'Consultar' }).click();
      await expect(page.getByTestId('tracked-ticket')).toHaveCount(3);
      await settled(page);
    },
  },
  {
    key: 'verify',
    staff: false,
    open: async (page, s) => {
      await page.goto(paths.verify.getHref({ raffleId: s.raffleId }));
      await page.getByLabel('Tu número').fill('10');
      await page.getByLabel('Código de verificación').fill('3333333333');
      await page.getByLabel('Tu cédula').fill(s.cedula);
      await page.getByRole('button', { name: 'Verificar mi número' }).click();
      // An open raffle has no sealed list yet: the verdict says so.
      await expect(page.getByTestId('verify-number-result')).toBeVisible();
      await settled(page);
    },
  },
  {
    key: 'login',
    staff: false,
    open: async (page) => {
      await page.goto(paths.login.getHref());
      await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    },
  },
  {
    key: 'notFound',
    staff: false,
    open: async (page) => {
      await page.goto('/esta-pagina-no-existe');
      await settled(page);
    },
  },
  {
    key: 'dashboard.root',
    staff: true,
    open: async (page, s) => {
      await page.goto(paths.dashboard.root.getHref());
      await settled(page, s.raffleName);
    },
  },
  {
    key: 'dashboard.create',
    staff: true,
    open: async (page) => {
      await page.goto(paths.dashboard.create.getHref());
      await settled(page);
      await expect(page.getByLabel('Nombre de la rifa')).toBeVisible();
    },
  },
  {
    key: 'dashboard.edit',
    staff: true,
    open: async (page, s) => {
      await page.goto(paths.dashboard.edit.getHref(s.raffleId));
      await expect(page.getByLabel('Nombre de la rifa')).toHaveValue(s.raffleName);
      await settled(page);
    },
  },
  {
    key: 'dashboard.buyers',
    staff: true,
    open: async (page, s) => {
      await page.goto(paths.dashboard.buyers.getHref(s.raffleId));
      await settled(page, s.buyerName);
    },
  },
  {
    key: 'dashboard.payments',
    staff: true,
    open: async (page, s) => {
      await page.goto(paths.dashboard.payments.getHref());
      await settled(page, s.buyerName);
    },
  },
  {
    key: 'dashboard.users',
    staff: true,
    open: async (page) => {
      await page.goto(paths.dashboard.users.getHref());
      await settled(page, 'Valentina Rojas');
    },
  },
  {
    key: 'dashboard.tickets',
    staff: true,
    open: async (page, s) => {
      await page.goto(paths.dashboard.tickets.getHref(s.raffleId));
      await settled(page, s.buyerName);
    },
  },
  {
    key: 'dashboard.history',
    staff: true,
    open: async (page, s) => {
      // Narrowed to the seeded raffle: the run's newest changes, on the first page, are the other
      // worker's as often as not.
      await page.goto(`${paths.dashboard.history.getHref()}?rifa=${s.raffleId}`);
      await settled(page, s.raffleName);
    },
  },
  {
    key: 'dashboard.rates',
    staff: true,
    open: async (page) => {
      await page.goto(paths.dashboard.rates.getHref());
      await settled(page, 'Tasa actual del dólar');
      await expect(page.getByTestId('rate-chart')).toBeVisible();
    },
  },
  {
    key: 'dashboard.testBench',
    staff: true,
    open: async (page) => {
      await page.goto(paths.dashboard.testBench.getHref());
      await settled(page);
    },
  },
  {
    key: 'dashboard.audit',
    staff: true,
    open: async (page, s) => {
      // Narrowed to the seeded raffle, as the history: the newest entries are anyone's.
      await page.goto(`${paths.dashboard.audit.getHref()}?rifa=${s.raffleId}`);
      await settled(page, 'Crear rifa');
    },
  },
  {
    key: 'dashboard.mySales',
    staff: true,
    open: async (page) => {
      // The admin's own: nothing credited to them in this run.
      await page.goto(paths.dashboard.mySales.getHref());
      await settled(page, 'Todavía no tienes ventas acreditadas');
    },
  },
  {
    key: 'dashboard.sellers',
    staff: true,
    open: async (page) => {
      await page.goto(paths.dashboard.sellers.getHref());
      await settled(page);
      // The ranking (a table on a desktop, cards on a phone) or its empty state.
      const ranking = page.getByTestId('seller-row').or(page.getByTestId('seller-card'));
      await expect(
        ranking.filter({ visible: true }).first().or(page.getByText('No hay vendedores todavía')),
      ).toBeVisible();
    },
  },
  {
    key: 'dashboard.reconcile',
    staff: true,
    open: async (page) => {
      await page.goto(paths.dashboard.reconcile.getHref());
      await settled(page, 'Subir estado de cuenta');
    },
  },
];

/** Serious and critical violations, one readable block each: rule, why, where. */
/**
 * Legacy mode runs axe once in the page (our pages have no frames): the default also opens a blank
 * page to put frames' results together, which took ~25 s of the 68 s one check took on a busy CI
 * machine. `within` narrows a check to what a step opened (the page behind it was checked already).
 */
async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  if (within) axe.include(within);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
        ...v.nodes.map(
          (node) =>
            `    at ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
        ),
      ].join('\n'),
    );
}

test('the list covers every route of web/src/config/paths.ts', () => {
  // Old seller links only redirect to the dashboard, and a seller's short link keeps its code and
  // redirects to the raffle page: nothing of their own to check.
  const { sellerLegacy: _redirects, sellerLink: _keepsCode, dashboard, ...publicRoutes } = paths;
  const all = [...Object.keys(publicRoutes), ...Object.keys(dashboard).map((key) => `dashboard.${key}`)];
  expect(ROUTES.map((route) => route.key).sort()).toEqual(all.sort());
});

for (const [size, use] of Object.entries(SIZES)) {
  test.describe(`axe at ${size} size`, () => {
    test.use(use);
    let data: Seed;

    test.beforeAll(async ({ request }) => {
      data = await seed(request);
    });

    test('raffle, checkout sheet and success screen: no serious or critical violations', async ({ page }) => {
      await ROUTES.find((route) => route.key === 'raffle')?.open(page, data);
      await cell(page, '10').click();
      await page.getByRole('button', { name: /^Apartar 1 número/ }).click();
      await fillCheckout(page);
      let violations = await seriousViolations(page, '[role="dialog"]');
      expect(violations, `axe on the checkout sheet:\n${violations.join('\n')}`).toEqual([]);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Apartar 1 número/ })
        .click();
      await expect(page.getByRole('heading', { name: '¡Tus números están apartados!' })).toBeVisible();
      violations = await seriousViolations(page);
      expect(violations, `axe on the success screen:\n${violations.join('\n')}`).toEqual([]);
    });

    for (const route of ROUTES) {
      test(`${route.key}: no serious or critical violations`, async ({ page }) => {
        if (route.staff) await withAdminSession(page);
        await route.open(page, data);
        const violations = await seriousViolations(page);
        expect(violations, `axe on ${page.url()}:\n${violations.join('\n')}`).toEqual([]);
      });
    }
  });
}
