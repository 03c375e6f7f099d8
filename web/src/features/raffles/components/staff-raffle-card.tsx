import { formatDateTime } from '@domain/dates';
import { declaredSourceText } from '@domain/draw-source-view';
import { formatUsd } from '@domain/money';
import { isClosedStatus } from '@domain/raffle-lifecycle';
import { paymentTypeLabels, type Raffle } from '@domain/raffles';
import { Archive, ExternalLink, Hourglass, Pencil, Receipt, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { dashboardTexts } from '../dashboard-texts';
import { rafflesTexts } from '../texts';
import { AddClarificationDialog } from './add-clarification-dialog';
import { ArchiveRaffleDialog } from './archive-raffle-dialog';
import { CloseRaffleDialog } from './close-raffle-dialog';
import { ClosingCountdown } from './closing-countdown';
import { DeleteRaffleDialog } from './delete-raffle-dialog';
import { PrizeResultAction } from './prize-result-action';
import { RaffleImage } from './raffle-image';
import { RaffleStatusBadge } from './raffle-status-badge';
import { RegisterResultAction } from './register-result-action';
import { SoldProgress } from './sold-progress';
import { TicketStatusCounts } from './ticket-status-counts';
import { WinnerPanel } from './winner-panel';

const count = new Intl.NumberFormat('es-VE');

type StaffRaffleCardProps = {
  raffle: Raffle;
  canDelete: boolean;
  /** Registering the official result is for admins only. */
  canDraw?: boolean;
  /** Editing, closing and clarifying are the owner's and admins' (an assigned vendedor works the sales). */
  canEdit?: boolean;
  /** A vendedor's card of a raffle an admin assigned to them. */
  assigned?: boolean;
};

/** Where staff go from a raffle card: edit, buyers, sold tickets, the public page. */
const staffLinks = (raffle: Raffle, canEdit: boolean) => {
  const t = dashboardTexts.card;
  return [
    ...(canEdit
      ? [
          {
            to: paths.dashboard.edit.getHref(raffle.id),
            icon: Pencil,
            label: t.edit,
            ariaLabel: t.forRaffle(t.edit, raffle.name),
          },
        ]
      : []),
    {
      to: paths.dashboard.buyers.getHref(raffle.id),
      icon: Users,
      label: t.buyers,
      ariaLabel: t.forRaffle(t.buyers, raffle.name),
    },
    {
      to: paths.dashboard.tickets.getHref(raffle.id),
      icon: Receipt,
      label: t.tickets,
      ariaLabel: t.forRaffle(t.tickets, raffle.name),
    },
    // An archived raffle has no public page (it answers "not found" there).
    ...(raffle.archived_at
      ? []
      : [
          {
            to: paths.raffle.getHref(raffle.id),
            icon: ExternalLink,
            label: t.viewPublic,
            ariaLabel: t.forRaffle(t.viewPublic, raffle.name),
          },
        ]),
  ];
};

/** One raffle on the staff dashboard: progress, money, counts per status, countdown and actions. */
export function StaffRaffleCard({
  raffle,
  canDelete,
  canDraw = canDelete,
  canEdit = true,
  assigned = false,
}: StaffRaffleCardProps) {
  const t = dashboardTexts.card;
  const { stats } = raffle;
  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="staff-raffle-card">
      <div className="flex gap-3">
        <RaffleImage
          src={raffle.images[0]}
          alt={rafflesTexts.card.imageAlt(raffle.name)}
          sizes="64px"
          className="size-16 shrink-0 rounded-lg"
          compact
          iconClassName="size-7"
        />
        <div className="grid min-w-0 flex-1 content-start gap-1.5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="min-w-0 text-base leading-snug font-semibold break-words text-zinc-900">
              {raffle.name}
            </h2>
            <div className="flex flex-wrap gap-1.5">
              {assigned && <Badge variant="neutral">{dashboardTexts.assignedBadge}</Badge>}
              {raffle.archived_at && (
                <Badge variant="neutral">
                  <Archive aria-hidden className="size-3.5" />
                  {dashboardTexts.archivedBadge}
                </Badge>
              )}
              <RaffleStatusBadge status={raffle.status} />
            </div>
          </div>
          <p className="text-sm text-zinc-600">
            {formatUsd(raffle.price_cents)} · {count.format(raffle.total_numbers)} {t.numbers.toLowerCase()} ·{' '}
            {paymentTypeLabels[raffle.payment_type]}
            {raffle.payment_type === 'cuotas' && raffle.installments ? ` (${raffle.installments})` : ''}
          </p>
          {raffle.archived_at && (
            <p className="text-xs text-zinc-500">{t.archivedOn(formatDateTime(raffle.archived_at))}</p>
          )}
        </div>
      </div>

      <SoldProgress raffle={raffle} />

      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-zinc-50 p-3">
        <div className="grid gap-0.5">
          <dt className="text-xs font-medium text-zinc-600">{t.collected}</dt>
          <dd className="text-lg font-semibold text-green-800 tabular-nums">
            {formatUsd(stats.total_paid_cents ?? 0)}
          </dd>
        </div>
        <div className="grid gap-0.5 text-right">
          <dt className="text-xs font-medium text-zinc-600">{t.pending}</dt>
          <dd className="text-lg font-semibold text-amber-800 tabular-nums">
            {formatUsd(stats.pending_cents ?? 0)}
          </dd>
        </div>
      </dl>

      <TicketStatusCounts stats={stats} />
      {(raffle.status === 'activa' || raffle.status === 'borrador') && (
        <ClosingCountdown closingDate={raffle.closing_date} />
      )}

      {raffle.status === 'cerrada' && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3">
          <p className="flex min-w-0 flex-1 basis-48 gap-2 text-sm text-amber-900">
            <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
            {/* A drand raffle has nothing to register: the note beside says which round decides it. */}
            {raffle.draw_kind === 'drand'
              ? dashboardTexts.closedDrand
              : dashboardTexts.closedNote(declaredSourceText(raffle))}
          </p>
          <RegisterResultAction raffle={raffle} canDraw={canDraw} />
        </div>
      )}
      <PrizeResultAction raffle={raffle} canDraw={canDraw} />
      {raffle.status === 'finalizada' && <WinnerPanel raffle={raffle} />}
      {/* Every later prize with a winner, a pre-sorteo's before the close too. */}
      {raffle.prizes
        .slice(1)
        .map((prize) =>
          prize.winner ? <WinnerPanel key={prize.position} raffle={raffle} prize={prize} /> : null,
        )}

      <div className="grid grid-cols-2 gap-2 border-t border-zinc-100 pt-4 sm:flex sm:flex-wrap">
        {staffLinks(raffle, canEdit).map(({ to, icon: Icon, label, ariaLabel }) => (
          <Button key={to} asChild variant="secondary" size="sm">
            <Link to={to} aria-label={ariaLabel}>
              <Icon aria-hidden />
              {label}
            </Link>
          </Button>
        ))}
        {canEdit && (raffle.status === 'activa' || isClosedStatus(raffle.status)) && (
          <CloseRaffleDialog raffle={raffle} />
        )}
        {canEdit && isClosedStatus(raffle.status) && <AddClarificationDialog raffle={raffle} />}
        {/*
          Deleting never deletes money (the server refuses it): a raffle with a sale or a payment, or a
          closed one (its published list is the proof of its draw), is archived instead.
        */}
        {canDelete &&
          !raffle.archived_at &&
          (raffle.has_sales || isClosedStatus(raffle.status) ? (
            <ArchiveRaffleDialog raffle={raffle} />
          ) : (
            <DeleteRaffleDialog raffle={raffle} />
          ))}
      </div>
    </Card>
  );
}
