import { countField } from './api';
import { isSellerCode, normalizeSellerCode, SELLER_CODE_PATTERN } from './seller-codes';
import { z } from './zod';

export {
  isSellerCode,
  normalizeSellerCode,
  SELLER_CODE_ALPHABET,
  SELLER_CODE_LENGTH,
  SELLER_CODE_PATTERN,
} from './seller-codes';

/**
 * The seller network's assignment, referral codes and public leaderboards (issue 22, decision 036).
 * Commissions and payouts are described elsewhere.
 */

export const sellerMessages = {
  invalidCode: 'Código de vendedor inválido',
  notAVendedor: 'Solo se pueden asignar usuarios con rol vendedor',
  sellerNotFound: 'Uno de los vendedores no existe',
  duplicateSellers: 'No repitas vendedores',
  notYourSale: 'Solo puedes registrar dinero en las ventas acreditadas a ti',
  notYourSaleToDecide:
    'Esta venta no está acreditada a ti: solo su vendedor, el dueño de la rifa o un administrador cambia su comprador o su plazo',
  paidSaleLocked:
    'Esta venta ya está pagada: solo el dueño de la rifa o un administrador puede deshacerla o cambiar su comprador',
  saleWithMoneyLocked:
    'Esta venta ya tiene dinero abonado: solo el dueño de la rifa o un administrador puede cambiar su comprador',
  leaderboardsOff: 'Esta rifa no muestra clasificaciones',
  onlyVendedores: 'Solo los vendedores tienen enlace de ventas',
} as const;

/** The code a reservation carries from a referral link (`?v=CODE`, `/v/CODE/:id`). */
export const sellerCodeField = z
  .string(sellerMessages.invalidCode)
  .refine(isSellerCode, sellerMessages.invalidCode)
  .meta({ pattern: SELLER_CODE_PATTERN, example: 'K7M2QX' })
  .transform(normalizeSellerCode);

/** `PUT /api/raffles/:id/sellers`: the whole set of vendedores assigned to the raffle. */
export const raffleSellersBodySchema = z
  .object({
    seller_ids: z
      .array(z.uuid('Identificador de vendedor inválido'), 'Envía la lista de vendedores')
      .max(100, 'Máximo 100 vendedores por rifa')
      .refine((ids) => new Set(ids).size === ids.length, sellerMessages.duplicateSellers),
  })
  .strict();
export type RaffleSellersBody = z.output<typeof raffleSellersBodySchema>;

export const raffleSellersSchema = z.object({ seller_ids: z.array(z.string()) });
export type RaffleSellers = z.infer<typeof raffleSellersSchema>;

/** `PUT /api/sellers/:id/raffles`: the raffles one vendedor is assigned to (the seller's page). */
export const sellerRafflesBodySchema = z
  .object({
    raffle_ids: z
      .array(z.uuid('Identificador de rifa inválido'), 'Envía la lista de rifas')
      .max(500, 'Máximo 500 rifas')
      .refine((ids) => new Set(ids).size === ids.length, 'No repitas rifas'),
  })
  .strict();
export type SellerRafflesBody = z.output<typeof sellerRafflesBodySchema>;

export const sellerRafflesSchema = z.object({ raffle_ids: z.array(z.string()) });
export type SellerRaffles = z.infer<typeof sellerRafflesSchema>;

/** A raffle's referral links, as paths: the web app puts its own origin in front. */
export const sellerLinkPaths = (code: string, raffleId: string) => ({
  link: `/raffle/${raffleId}?v=${encodeURIComponent(code)}`,
  short_link: `/v/${encodeURIComponent(code)}/${raffleId}`,
});

/** `GET /api/sellers/me`: the vendedor's code and their link for each raffle they sell. */
export const sellerMeSchema = z.object({
  seller_id: z.string(),
  code: z.string(),
  raffles: z.array(
    z.object({
      raffle_id: z.string(),
      name: z.string(),
      status: z.string(),
      /** `owner`: their own raffle; `assigned`: an admin assigned them to it. */
      relation: z.enum(['owner', 'assigned']),
      /** Paths (`/raffle/:id?v=CODE`, `/v/CODE/:id`). */
      link: z.string(),
      short_link: z.string(),
      /** Numbers of live sales credited to them in this raffle. */
      numbers_credited: countField,
    }),
  ),
});
export type SellerMe = z.infer<typeof sellerMeSchema>;

/**
 * `GET /api/raffles/:id/leaderboards` (public, opt-in per raffle): masked names and counts of
 * numbers, nothing else. A field this schema does not name never leaves the server.
 */
const leaderboardEntrySchema = z.object({ name_masked: z.string(), numbers: countField }).strict();
export const leaderboardsSchema = z
  .object({
    top_sellers: z.array(leaderboardEntrySchema),
    top_buyers: z.array(leaderboardEntrySchema),
  })
  .strict();
export type Leaderboards = z.infer<typeof leaderboardsSchema>;
export const LEADERBOARD_SIZE = 10;
