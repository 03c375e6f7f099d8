import { RATE_SOURCES, type RateSource } from '@domain/rates';
import { ratesTexts } from '../texts';

const isRateSource = (value: string | null): value is RateSource =>
  (RATE_SOURCES as readonly (string | null)[]).includes(value);

/** "remote" -> "Automática", "manual" -> "Manual". */
export const rateSourceLabel = (source: string | null) =>
  isRateSource(source) ? ratesTexts.sources[source] : ratesTexts.unknownSource;
