import type { Raffle } from '@domain/raffles';
import type { StaffTicket } from '@domain/staff-tickets';
import { Printer } from 'lucide-react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { texts } from '@/config/texts';
import { ticketsTexts } from '../texts';
import { StaffPrintableTicket } from './staff-printable-ticket';

/** The element `tickets.css` prints alone (a direct child of <body>, outside every dialog). */
export const PRINT_ROOT_ID = 'staff-ticket-print';

type PrintTicketDialogProps = {
  ticket: StaffTicket | null;
  raffle: Raffle;
  onOpenChange: (open: boolean) => void;
};

/** A preview of the staff ticket and the button that prints it (only the ticket, see tickets.css). */
export function PrintTicketDialog({ ticket, raffle, onOpenChange }: PrintTicketDialogProps) {
  const t = ticketsTexts.print;
  const origin = window.location.origin;
  return (
    <Dialog open={ticket !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {ticket && (
          <>
            <DialogHeader>
              <DialogTitle>{t.title(ticket.ticket_number)}</DialogTitle>
              <DialogDescription>{t.description}</DialogDescription>
            </DialogHeader>
            <StaffPrintableTicket ticket={ticket} raffle={raffle} origin={origin} />
            {/* The ticket is taller than a laptop's dialog (1440x900 cut Cerrar / Imprimir off): the
                actions stay pinned to the dialog's bottom edge while the preview scrolls. */}
            <DialogFooter className="sticky -bottom-5 z-10 -mx-5 -mb-5 border-t border-zinc-200 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
              <DialogClose asChild>
                <Button variant="secondary">{texts.common.close}</Button>
              </DialogClose>
              <Button onClick={() => window.print()}>
                <Printer aria-hidden />
                {t.print}
              </Button>
            </DialogFooter>
            {/* What paper gets: the same ticket outside the dialog, hidden on screen. */}
            {createPortal(
              <div id={PRINT_ROOT_ID} className="hidden" aria-hidden>
                <StaffPrintableTicket ticket={ticket} raffle={raffle} origin={origin} />
              </div>,
              document.body,
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
