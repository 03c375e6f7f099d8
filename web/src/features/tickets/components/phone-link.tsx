import { MessageCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { whatsappHref } from '@/lib/whatsapp';
import { ticketsTexts } from '../texts';

type PhoneLinkProps = { phone: string; raffleName: string; ticketNumber: string; className?: string };

/** The buyer's phone, opening a WhatsApp chat that already names the raffle and the number. */
export function PhoneLink({ phone, raffleName, ticketNumber, className }: PhoneLinkProps) {
  return (
    <a
      href={whatsappHref(ticketsTexts.whatsappGreeting(raffleName, ticketNumber), phone)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={ticketsTexts.whatsapp(phone)}
      className={cn(
        'inline-flex min-h-10 items-center gap-1.5 rounded-md font-medium whitespace-nowrap text-green-800 tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      <MessageCircle aria-hidden className="size-4 shrink-0" />
      {phone}
    </a>
  );
}
