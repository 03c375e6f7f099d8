import type { PublicRaffle } from '@domain/raffles';
import { MessageCircle, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { whatsappHref } from '@/lib/whatsapp';
import { raffleDetailTexts } from '../texts';

const t = raffleDetailTexts.hero;

type OrganizerContactProps = Pick<PublicRaffle, 'name' | 'organizer_name' | 'contact_phone'>;

/** Who runs the raffle and a direct WhatsApp chat with them: a buyer trusts a face they can reach. */
export function OrganizerContact({ name, organizer_name, contact_phone }: OrganizerContactProps) {
  if (!organizer_name && !contact_phone) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 p-3">
      {organizer_name && (
        <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-zinc-700">
          <UserRound aria-hidden className="size-5 shrink-0 text-brand-700" />
          <span className="min-w-0 break-words">
            {t.organizedBy} <strong className="font-semibold text-zinc-900">{organizer_name}</strong>
          </span>
        </p>
      )}
      {contact_phone && (
        <Button asChild variant="secondary" className="w-full sm:w-auto">
          <a
            href={whatsappHref(t.contactMessage(name), contact_phone)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <MessageCircle aria-hidden className="text-green-700" />
            {t.contact}
          </a>
        </Button>
      )}
    </div>
  );
}
