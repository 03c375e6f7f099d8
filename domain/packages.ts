import { z } from 'zod';
import { wholeNumberField } from './fields';
import type { RafflePackage } from './package-pricing';
import { MAX_NUMBERS_PER_RESERVATION } from './tickets';

/**
 * Number packages ("5 números por $20,00"): a raffle may offer a few, locked at its first sale with
 * the other terms (issue 23). The checkout charges the cheapest way to make up exactly the count a
 * buyer picked from packages (each as many times as needed) and single numbers at the raffle's
 * price, and the total is split over the numbers' price snapshots to the cent, so refunds, cuotas
 * and commissions per number stay exact. Pure: the server and the web app both price with it.
 */

export const MAX_PACKAGES = 5;

export const rafflePackageSchema = z
  .object({
    numbers: z
      .int('La cantidad del paquete debe ser un número entero')
      .min(2, 'Un paquete tiene al menos 2 números')
      .max(
        MAX_NUMBERS_PER_RESERVATION,
        `Un paquete tiene como máximo ${MAX_NUMBERS_PER_RESERVATION} números`,
      ),
    price_cents: wholeNumberField(1, 100_000_000, {
      notWhole: 'El precio del paquete debe ser un número entero de céntimos',
      tooSmall: 'El precio del paquete debe ser mayor que cero',
      tooBig: 'El precio del paquete no puede pasar de $1.000.000,00',
    }),
  })
  .strict() satisfies z.ZodType<RafflePackage>;

export const rafflePackagesSchema = z
  .array(rafflePackageSchema)
  .max(MAX_PACKAGES, `Puedes ofrecer como máximo ${MAX_PACKAGES} paquetes`)
  .refine(
    (packages) => new Set(packages.map((p) => p.numbers)).size === packages.length,
    'Dos paquetes no pueden tener la misma cantidad de números',
  );

export {
  type PackagePrice,
  packagesProblem,
  priceFor,
  type RafflePackage,
  salePrices,
  sortedPackages,
  splitCents,
} from './package-pricing';
