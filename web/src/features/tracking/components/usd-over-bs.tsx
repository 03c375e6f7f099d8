import { formatBs, formatUsd } from '@domain/money';
import { useVesRate } from '@/lib/exchange-rates';

/**
 * Dollars, with their bolívares on a line of their own under them at today's rate. While the rate
 * is still loading that line keeps its place, so the results do not grow when it comes in (a tap
 * on "Enviar comprobante" landed on the line that appeared), and it stays blank when the rates
 * could not be read (a toast says so): after the retries, seconds later, the results must not
 * shrink under a finger either. Without a VES rate, dollars only.
 */
export function UsdOverBs({ cents }: { cents: number }) {
  const { rate, isLoading, isError } = useVesRate();
  return (
    <>
      <span className="block">{formatUsd(cents)}</span>
      {(rate !== null || isLoading || isError) && (
        <span className="block text-xs font-normal text-zinc-600" data-testid="amount-bs">
          {rate === null ? '\u00a0' : formatBs(cents, rate)}
        </span>
      )}
    </>
  );
}
