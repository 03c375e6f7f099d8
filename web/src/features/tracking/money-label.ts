import { formatBs, formatUsd } from '@domain/money';

/** "$5,00 / Bs 182,50" at today's rate, or dollars only without one (buyers pay in Bs). */
export const moneyLabel = (cents: number, rate: number | null): string =>
  rate === null ? formatUsd(cents) : `${formatUsd(cents)} / ${formatBs(cents, rate)}`;
