import { MessageCircle, Printer, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { whatsappHref } from '@/lib/whatsapp';
import { reservationTexts } from '../reservation-texts';

const t = reservationTexts.success;

type ShareActionsProps = { title: string; text: string; url: string };

/** Print or save, the phone's share sheet when it has one, and WhatsApp (where buyers talk). */
export function ShareActions({ title, text, url }: ShareActionsProps) {
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const whatsapp = whatsappHref(`${text} ${url}`);
  return (
    // Two columns at most: "Compartir por WhatsApp" needs the room (it spans both when there are three).
    <div className="grid gap-2 sm:grid-cols-2">
      <Button asChild size="lg" variant="secondary" className={canShare ? 'sm:col-span-2' : undefined}>
        <a href={whatsapp} target="_blank" rel="noopener noreferrer">
          <MessageCircle aria-hidden />
          {t.whatsapp}
        </a>
      </Button>
      {canShare && (
        <Button
          variant="secondary"
          size="lg"
          onClick={() => navigator.share({ title, text, url }).catch(() => undefined)}
        >
          <Share2 aria-hidden />
          {t.share}
        </Button>
      )}
      <Button variant="secondary" size="lg" onClick={() => window.print()}>
        <Printer aria-hidden />
        {t.print}
      </Button>
    </div>
  );
}
