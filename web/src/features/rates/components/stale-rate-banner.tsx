import { TriangleAlert } from 'lucide-react';
import { Link, useMatch } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/use-auth';
import { formatDay, formatRate } from '../rate-format';
import { ratesTexts } from '../texts';
import { useVesExchangeRate } from './use-ves-exchange-rate';

const t = ratesTexts.banner;

/**
 * On every staff screen while the bolívar rate is stale or missing: prices in Bs would mislead.
 * Admins get a link to fix it; the rates screen itself says it in its own words.
 */
export function StaleRateBanner() {
  const { isAdmin } = useAuth();
  const { query, rate } = useVesExchangeRate();
  const onRatesScreen = useMatch(paths.dashboard.rates.path);
  // Nothing while loading or when the list could not be read: no false alarm.
  if (onRatesScreen || !query.isSuccess || (rate && !rate.is_stale)) return null;
  return (
    <div
      role="status"
      data-testid="stale-rate-banner"
      className="mb-6 flex flex-wrap items-start gap-x-3 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:p-4"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <p className="font-semibold">{rate ? t.stale : t.missing}</p>
        <p className="text-amber-900">
          {rate ? t.staleDetail(formatRate(rate.rate_to_usd), formatDay(rate.rate_date)) : t.missingDetail}{' '}
          {!isAdmin && t.sellerHint}
        </p>
      </div>
      {isAdmin && (
        <Link
          to={paths.dashboard.rates.getHref()}
          className="inline-flex min-h-10 items-center rounded-lg border border-amber-400 bg-white px-3 font-medium text-amber-950 hover:bg-amber-100"
        >
          {t.adminAction}
        </Link>
      )}
    </div>
  );
}
