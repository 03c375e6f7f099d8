import { displayName } from '@domain/names';
import type { StaffTicket } from '@domain/staff-tickets';
import { padTicketNumber } from '@domain/tickets';
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, ListChecks, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionDialog } from '@/components/action-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import type { TicketsFilters } from '../api/get-tickets';
import { type BulkSelection, previewRelease, useReleaseTickets } from '../api/release-tickets';
import { ticketsTexts } from '../texts';
import { DeliveredPrizesNotice } from './delivered-prize-notice';

const t = ticketsTexts.bulk;

/**
 * A checkbox whose own box is finger-sized (44 px): the native input covers the whole target
 * (keyboard, screen readers and taps reach it), the square inside only shows its state.
 */
export function BigCheckbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
}) {
  return (
    <span className="relative -m-2 inline-flex size-11 shrink-0 items-center justify-center">
      <input
        type="checkbox"
        className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-md hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        checked={checked}
        onChange={onChange}
        aria-label={label}
      />
      <span
        aria-hidden
        className="pointer-events-none relative flex size-5 items-center justify-center rounded border-2 border-zinc-400 bg-white text-white peer-checked:border-zinc-900 peer-checked:bg-zinc-900"
      >
        {checked && <Check className="size-3.5" strokeWidth={3} />}
      </span>
    </span>
  );
}

/** Selects one sold number for a bulk release (a number nobody holds has nothing to release). */
export function SelectTicket({
  ticket,
  checked,
  onToggle,
}: {
  ticket: StaffTicket;
  checked: boolean;
  onToggle: (ticket: StaffTicket) => void;
}) {
  if (ticket.id === null) return null;
  return (
    <BigCheckbox checked={checked} onChange={() => onToggle(ticket)} label={t.select(ticket.ticket_number)} />
  );
}

type BulkReleaseBarProps = {
  raffleId: string;
  /** Selected sold numbers, by number (kept across pages). */
  selected: ReadonlyMap<number, StaffTicket>;
  /** The list's current filter: "todos los del filtro actual". */
  filter: TicketsFilters;
  /** The raffle's digits: skipped numbers are named as staff read them (007). */
  digitCount: number;
  onClear: () => void;
};

/** The bulk actions of the list: what is selected, and the three ways to choose what to release. */
export function BulkReleaseBar({ raffleId, selected, filter, digitCount, onClear }: BulkReleaseBarProps) {
  const [selection, setSelection] = useState<BulkSelection | null>(null);
  const picked = [...selected.values()];
  const cedulas = new Set(picked.map((ticket) => ticket.buyer_cedula));
  const buyer = cedulas.size === 1 && picked[0]?.buyer_cedula ? picked[0] : null;
  const buyerName = buyer ? (displayName(buyer.buyer_name) ?? buyer.buyer_cedula ?? '') : '';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary">
            <ListChecks aria-hidden />
            {t.button}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-w-[calc(100vw-2rem)]">
          <DropdownMenuItem
            disabled={picked.length === 0}
            onSelect={() => setSelection({ numbers: picked.map((ticket) => ticket.number) })}
          >
            {t.bySelection(picked.length)}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() =>
              setSelection({
                filter: {
                  ...(filter.status && { status: filter.status.join(',') }),
                  ...(filter.search && { search: filter.search }),
                },
              })
            }
          >
            {t.byFilter}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={!buyer}
            onSelect={() => buyer?.buyer_cedula && setSelection({ buyer_cedula: buyer.buyer_cedula })}
          >
            {buyer ? t.byBuyer(`${buyerName} (${buyer.buyer_cedula})`) : t.byBuyerHint}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {picked.length > 0 && (
        <>
          <span className="text-sm font-medium text-zinc-700" aria-live="polite">
            {t.selected(picked.length)}
          </span>
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden />
            {t.clear}
          </Button>
        </>
      )}
      <BulkReleaseDialog
        raffleId={raffleId}
        selection={selection}
        digitCount={digitCount}
        onOpenChange={(open) => !open && setSelection(null)}
        onReleased={onClear}
      />
    </div>
  );
}

type BulkReleaseDialogProps = {
  raffleId: string;
  selection: BulkSelection | null;
  digitCount: number;
  onOpenChange: (open: boolean) => void;
  onReleased: () => void;
};

/**
 * The confirmation names how many numbers and buyers the release takes (the server's dry run,
 * asked when the dialog opens) and every number it leaves, before anything changes.
 */
function BulkReleaseDialog({
  raffleId,
  selection,
  digitCount,
  onOpenChange,
  onReleased,
}: BulkReleaseDialogProps) {
  const preview = useQuery({
    queryKey: ['tickets', 'bulk-release-preview', raffleId, selection],
    queryFn: () => previewRelease(raffleId, selection as BulkSelection),
    enabled: selection !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const release = useReleaseTickets(raffleId);
  const data = selection ? preview.data : undefined;
  const error = preview.error ?? release.error;

  function confirm() {
    if (!selection) return;
    release.mutate(selection, {
      onSuccess: (result) => {
        toast.success(t.done(result.released));
        onReleased();
        onOpenChange(false);
      },
      onError: (e) =>
        toast.error(t.error, { description: isApiError(e) ? e.message : texts.common.genericError }),
    });
  }

  return (
    <ActionDialog
      open={selection !== null}
      onOpenChange={(open) => {
        if (!open) release.reset();
        onOpenChange(open);
      }}
      role="alertdialog"
      title={t.title}
      description={data ? (data.numbers > 0 ? t.summary(data.numbers, data.buyers) : t.nothing) : t.counting}
      error={error ? (isApiError(error) ? error.message : texts.common.genericError) : null}
      cancelLabel={t.keep}
      actionLabel={t.confirm}
      actionVariant="destructive"
      actionDisabled={!data || data.numbers === 0}
      pending={release.isPending}
      onConfirm={confirm}
    >
      {data && data.numbers > 0 && <p className="text-sm text-zinc-700">{t.consequence}</p>}
      {data && <DeliveredPrizesNotice prizes={data.delivered_prizes} digitCount={digitCount} />}
      {data && data.skipped.length > 0 && (
        <div className="grid gap-1 text-sm">
          <p className="font-medium text-zinc-900">{t.skippedTitle(data.skipped.length)}</p>
          <ul className="max-h-40 overflow-y-auto rounded-md bg-zinc-50 px-3 py-2 text-zinc-700">
            {data.skipped.map((s) => (
              <li key={s.number} data-testid="bulk-skipped">
                <span className="font-semibold tabular-nums">{padTicketNumber(s.number, digitCount)}</span>:{' '}
                {s.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </ActionDialog>
  );
}
