import { displayName } from '@domain/names';
import type { StaffTicket } from '@domain/staff-tickets';
import type { TicketStatus } from '@domain/tickets';
import {
  Ban,
  CircleDollarSign,
  Clock,
  HandCoins,
  MoreVertical,
  PanelRight,
  Printer,
  ReceiptText,
  RotateCcw,
  Undo2,
  UserPen,
  UserPlus,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useUpdateTicket } from '../api/update-ticket';
import { ticketsTexts } from '../texts';
import { type ConfirmKind, ConfirmStatusDialog } from './confirm-status-dialog';
import { EditBuyerDialog } from './edit-buyer-dialog';
import { type ReceiveMode, ReceiveMoneyDialog } from './receive-money-dialog';
import { RefundDialog, type RefundMode } from './refund-dialog';

const t = ticketsTexts.actions;

/**
 * Status changes from the menu. Money is a ledger: pagado and abonado ask what was received, and
 * taking a sale with money back (apartado, liberar, cancelar) asks for a refund or why not.
 */
const DIRECT: {
  status: Exclude<TicketStatus, 'disponible' | 'cancelado'>;
  label: string;
  icon: typeof Clock;
}[] = [
  { status: 'apartado', label: t.markApartado, icon: Clock },
  { status: 'abonado', label: t.markAbonado, icon: HandCoins },
  { status: 'pagado', label: t.markPagado, icon: CircleDollarSign },
];

type TicketActionsProps = {
  ticket: StaffTicket;
  /** `icon`: a ⋮ button for rows and cards; `button`: "Acciones" in the side panel, with "Registrar pago" and "Registrar reembolso" beside it. */
  variant?: 'icon' | 'button';
  onOpenDetail?: () => void;
  onPrint: () => void;
  /**
   * Sales closed: the sold list is published and the server refuses (409 RAFFLE_CLOSED) whatever
   * changes it (a release, a cancellation, a number given to a buyer, the buyer's data); payments
   * and refunds go on, and so do apartado <-> abonado <-> pagado.
   */
  frozen?: boolean;
};

/** A number's menu: detail, buyer data, printing, and every status change the raffle still allows. */
export function TicketActions({
  ticket,
  variant = 'icon',
  onOpenDetail,
  onPrint,
  frozen = false,
}: TicketActionsProps) {
  const update = useUpdateTicket(ticket.raffle_id);
  const [confirm, setConfirm] = useState<ConfirmKind | null>(null);
  const [buyerDialog, setBuyerDialog] = useState<'edit' | 'assign' | null>(null);
  const [receive, setReceive] = useState<ReceiveMode | null>(null);
  const [refund, setRefund] = useState<{ mode: RefundMode; paidCents?: number } | null>(null);
  const label = ticket.ticket_number;
  const onSale = ticket.status === 'disponible';
  const hasMoney = ticket.total_paid_cents > 0;
  const payable =
    ticket.id !== null && ['apartado', 'abonado'].includes(ticket.status) && ticket.remaining_cents > 0;
  const refundable = hasMoney && ticket.id !== null;
  // A cancelled number is out of a frozen list: bringing it back would change the list too.
  const statuses =
    onSale || (frozen && ticket.status === 'cancelado')
      ? []
      : DIRECT.filter((item) => item.status !== ticket.status);
  const canRelease = !onSale && !frozen;
  const canCancel = ticket.status !== 'cancelado' && !frozen;
  const hasStatusItems = statuses.length > 0 || canRelease || canCancel;
  const hasMenu = Boolean(onOpenDetail) || !frozen || !onSale || payable || refundable;

  function choose(status: TicketStatus) {
    if (status === 'pagado' || status === 'abonado') return setReceive(status);
    if (status === 'apartado' && hasMoney) return setRefund({ mode: { to: 'apartado' } });
    void changeStatus(status);
  }
  const takeBack = (to: 'disponible' | 'cancelado') =>
    hasMoney ? setRefund({ mode: { to } }) : setConfirm(to === 'disponible' ? 'release' : 'cancel');

  // Awaited, not per-call callbacks: a released number may leave the list (and this row) before
  // the request settles, and its toast must still show.
  async function changeStatus(status: TicketStatus) {
    try {
      const updated = await update.mutateAsync({ number: ticket.number, patch: { status } });
      toast.success(status === 'disponible' ? t.released(label) : t.changed(label, updated.status));
    } catch (error) {
      // The list was stale: the number has money now. Ask what happens to it instead of failing.
      const paid = isApiError(error) ? error.details.total_paid_cents : undefined;
      if (isApiError(error) && error.code === 'REFUND_DECISION_REQUIRED' && typeof paid === 'number') {
        if (status === 'apartado' || status === 'disponible' || status === 'cancelado')
          setRefund({ mode: { to: status }, paidCents: paid });
        return;
      }
      toast.error(t.error, { description: isApiError(error) ? error.message : texts.common.genericError });
    } finally {
      setConfirm(null);
    }
  }

  return (
    <>
      {variant === 'button' && payable && (
        <Button variant="secondary" onClick={() => setReceive('record')}>
          <ReceiptText aria-hidden />
          {ticketsTexts.money.recordPayment}
        </Button>
      )}
      {variant === 'button' && refundable && (
        <Button variant="secondary" onClick={() => setRefund({ mode: 'refund' })}>
          <RotateCcw aria-hidden />
          {ticketsTexts.money.recordRefund}
        </Button>
      )}
      {hasMenu && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {variant === 'icon' ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t.menu(label)}
                loading={update.isPending}
                className="text-zinc-600"
              >
                {!update.isPending && <MoreVertical aria-hidden />}
              </Button>
            ) : (
              <Button variant="secondary" loading={update.isPending} aria-label={t.menu(label)}>
                {!update.isPending && <MoreVertical aria-hidden />}
                {t.menuButton}
              </Button>
            )}
          </DropdownMenuTrigger>
          <DropdownMenuContent className="min-w-56">
            {onOpenDetail && (
              <DropdownMenuItem onSelect={onOpenDetail}>
                <PanelRight aria-hidden />
                {t.detail}
              </DropdownMenuItem>
            )}
            {onSale ? (
              !frozen && (
                <DropdownMenuItem onSelect={() => setBuyerDialog('assign')}>
                  <UserPlus aria-hidden />
                  {t.assign}
                </DropdownMenuItem>
              )
            ) : (
              <>
                {!frozen && (
                  <DropdownMenuItem onSelect={() => setBuyerDialog('edit')}>
                    <UserPen aria-hidden />
                    {t.edit}
                  </DropdownMenuItem>
                )}
                <DropdownMenuItem onSelect={onPrint}>
                  <Printer aria-hidden />
                  {t.print}
                </DropdownMenuItem>
              </>
            )}
            {(payable || refundable) && <DropdownMenuSeparator />}
            {payable && (
              <DropdownMenuItem onSelect={() => setReceive('record')}>
                <ReceiptText aria-hidden />
                {ticketsTexts.money.recordPayment}
              </DropdownMenuItem>
            )}
            {refundable && (
              <DropdownMenuItem onSelect={() => setRefund({ mode: 'refund' })}>
                <RotateCcw aria-hidden />
                {ticketsTexts.money.recordRefund}
              </DropdownMenuItem>
            )}
            {hasStatusItems && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuLabel>{t.changeStatus}</DropdownMenuLabel>
              </>
            )}
            {statuses.map(({ status, label: text, icon: Icon }) => (
              <DropdownMenuItem key={status} onSelect={() => choose(status)}>
                <Icon aria-hidden />
                {text}
              </DropdownMenuItem>
            ))}
            {canRelease && (
              <DropdownMenuItem variant="destructive" onSelect={() => takeBack('disponible')}>
                <Undo2 aria-hidden />
                {t.release}
              </DropdownMenuItem>
            )}
            {canCancel && (
              <DropdownMenuItem variant="destructive" onSelect={() => takeBack('cancelado')}>
                <Ban aria-hidden />
                {t.cancel}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}

      <ConfirmStatusDialog
        kind={confirm}
        ticketNumber={label}
        buyer={displayName(ticket.buyer_name)}
        instantWin={ticket.instant_win}
        pending={update.isPending}
        onConfirm={(kind) => void changeStatus(kind === 'release' ? 'disponible' : 'cancelado')}
        onOpenChange={(open) => !open && setConfirm(null)}
      />
      <ReceiveMoneyDialog ticket={ticket} mode={receive} onOpenChange={(open) => !open && setReceive(null)} />
      <RefundDialog
        ticket={ticket}
        mode={refund?.mode ?? null}
        paidCents={refund?.paidCents}
        onOpenChange={(open) => !open && setRefund(null)}
      />
      <EditBuyerDialog
        ticket={ticket}
        mode={buyerDialog ?? 'edit'}
        open={buyerDialog !== null}
        onOpenChange={(open) => !open && setBuyerDialog(null)}
      />
    </>
  );
}
