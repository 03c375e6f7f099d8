import type { DrawDeclaration, DrawKind, LotteryRule } from '../../../domain/draw-terms';
import type { InstantWin } from '../../../domain/instant-wins';
import { sortedPackages } from '../../../domain/packages';
import { isClosedStatus } from '../../../domain/raffle-lifecycle';
import { emptyStats } from '../../../domain/raffle-stats';
import {
  type CreateRaffle,
  changedSaleTerms,
  type PaymentType,
  type Raffle,
  type RaffleStatus,
  type UpdateRaffle,
} from '../../../domain/raffles';
import { sealedDrawFields } from './raffle-draw-terms';
import { prizeViews, repeatRuleOf } from './raffle-prizes';
import type { PublicRaffleRow, RaffleInsert, RaffleRow } from './raffles.repo';

/**
 * A raffle's row as the API shows it, and an API body as the row's columns; what an update would
 * change of the terms its sales were made under.
 */
export const toApiPaymentType = (stored: string): PaymentType =>
  stored === 'unico' ? 'pago_unico' : 'cuotas';
export const toStoredPaymentType = (api: PaymentType) => (api === 'pago_unico' ? 'unico' : 'cuotas');

export function toRaffle(row: PublicRaffleRow, stats = emptyStats(), hasSales = false): Raffle {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    total_numbers: row.totalNumbers,
    digit_count: row.digitCount,
    seller_id: row.sellerId,
    payment_type: toApiPaymentType(row.paymentType),
    status: row.status as RaffleStatus,
    installments: row.installments,
    images: row.images,
    created_at: row.createdAt.toISOString(),
    closing_date: row.closingDate?.toISOString() ?? null,
    reservation_hours: row.reservationHours,
    reservation_minutes: row.reservationMinutes,
    max_numbers_per_buyer: row.maxNumbersPerBuyer,
    organizer_name: row.organizerName,
    contact_phone: row.contactPhone,
    payment_instructions: row.paymentInstructions,
    payment_accounts: row.paymentAccounts,
    draw_source: row.drawSource,
    draw_commitment: row.drawCommitment,
    winning_number: row.winningNumber,
    drawn_at: row.drawnAt?.toISOString() ?? null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    ...sealedDrawFields(row),
    show_leaderboards: row.showLeaderboards,
    packages: row.packages,
    prizes: prizeViews(row),
    prize_repeat_rule: repeatRuleOf(row),
    instant_win_commitment: row.instantWinCommitment,
    has_sales: hasSales,
    terms_locked: hasSales || isClosedStatus(row.status),
    stats,
  };
}

export function toColumns(input: Partial<CreateRaffle & UpdateRaffle>): Partial<RaffleInsert> {
  const c: Partial<RaffleInsert> = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.description !== undefined) c.description = input.description;
  if (input.price_cents !== undefined) c.priceCents = input.price_cents;
  if (input.total_numbers !== undefined) c.totalNumbers = input.total_numbers;
  if (input.digit_count !== undefined) c.digitCount = input.digit_count;
  if (input.payment_type !== undefined) c.paymentType = toStoredPaymentType(input.payment_type);
  if (input.installments !== undefined) c.installments = input.installments;
  if (input.status !== undefined) c.status = input.status;
  if (input.closing_date !== undefined)
    c.closingDate = input.closing_date ? new Date(input.closing_date) : null;
  // Minutes say it exactly; hours alone (older clients) are those hours; the hours column follows.
  const minutes =
    input.reservation_minutes ??
    (input.reservation_hours !== undefined ? input.reservation_hours * 60 : undefined);
  if (minutes !== undefined) {
    c.reservationMinutes = minutes;
    c.reservationHours = Math.min(720, Math.max(1, Math.ceil(minutes / 60)));
  }
  if (input.max_numbers_per_buyer !== undefined) c.maxNumbersPerBuyer = input.max_numbers_per_buyer;
  if (input.draw_source !== undefined) c.drawSource = input.draw_source;
  if (input.draw_kind !== undefined) c.drawKind = input.draw_kind;
  if (input.draw_lottery !== undefined) c.drawLottery = input.draw_lottery;
  if (input.draw_at !== undefined) c.drawAt = input.draw_at ? new Date(input.draw_at) : null;
  if (input.draw_rule !== undefined) c.drawRule = input.draw_rule;
  if (input.images !== undefined) c.images = input.images;
  if (input.organizer_name !== undefined) c.organizerName = input.organizer_name;
  if (input.contact_phone !== undefined) c.contactPhone = input.contact_phone;
  if (input.payment_instructions !== undefined) c.paymentInstructions = input.payment_instructions;
  if (input.payment_accounts !== undefined) c.paymentAccounts = input.payment_accounts;
  if (input.show_leaderboards !== undefined) c.showLeaderboards = input.show_leaderboards;
  if (input.packages !== undefined) c.packages = sortedPackages(input.packages);
  return c;
}

/** What the sales of a closed raffle were made under: fixed once the sold list is published. */
export function changesSaleTerms(
  current: RaffleRow,
  currentWins: readonly InstantWin[],
  next: ReturnType<typeof termsOf>,
  input: UpdateRaffle,
) {
  return (
    changedSaleTerms(termsOf(current, currentWins), next).length > 0 ||
    (input.price_cents !== undefined && input.price_cents !== current.priceCents) ||
    declaredSourceChanges(current, input)
  );
}

/** Whether the update changes how the winner is decided (free text or declared source). */
export function declaredSourceChanges(current: RaffleRow, input: UpdateRaffle) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const differs = <T>(next: T | undefined, now: T | null) =>
    next !== undefined && (next || null) !== (now || null);
  return (
    differs(input.draw_source, current.drawSource) ||
    differs(input.draw_kind, current.drawKind) ||
    differs(input.draw_lottery, current.drawLottery) ||
    differs(input.draw_rule, current.drawRule) ||
    (input.draw_at !== undefined &&
      (input.draw_at ? new Date(input.draw_at).toISOString() : null) !== iso(current.drawAt))
  );
}

/** The declared source as stored, merged with what an update sends (for its cross-field rules). */
export const mergedDeclaration = (
  current: RaffleRow | null,
  input: Partial<CreateRaffle & UpdateRaffle>,
): DrawDeclaration => ({
  draw_kind:
    input.draw_kind !== undefined ? input.draw_kind : ((current?.drawKind as DrawKind | null) ?? null),
  draw_lottery: input.draw_lottery !== undefined ? input.draw_lottery : (current?.drawLottery ?? null),
  draw_at: input.draw_at !== undefined ? input.draw_at : (current?.drawAt?.toISOString() ?? null),
  draw_rule:
    input.draw_rule !== undefined ? input.draw_rule : ((current?.drawRule as LotteryRule | null) ?? null),
  closing_date:
    input.closing_date !== undefined ? input.closing_date : (current?.closingDate?.toISOString() ?? null),
});

/** The sale terms of a raffle as stored; its instant wins live in their own table (decision 041). */
export function termsOf(row: RaffleRow, instantWins: readonly InstantWin[]) {
  return {
    total_numbers: row.totalNumbers,
    digit_count: row.digitCount,
    payment_type: toApiPaymentType(row.paymentType),
    installments: row.installments,
    packages: row.packages,
    instant_wins: instantWins,
  };
}

/** Everyone else sees how many numbers are in each status, not the money collected or owed. */
export function countsOnly(raffle: Raffle): Raffle {
  const { total_paid_cents: _paid, pending_cents: _pending, ...counts } = raffle.stats;
  return { ...raffle, stats: counts };
}
