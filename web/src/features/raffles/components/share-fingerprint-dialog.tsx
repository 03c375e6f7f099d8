import { formatDateTime } from '@domain/dates';
import type { Raffle } from '@domain/raffles';
import { MessageCircle, Share2 } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { whatsappHref } from '@/lib/whatsapp';
import { dashboardTexts } from '../dashboard-texts';

const t = dashboardTexts.share;

type ClosedRaffle = Pick<
  Raffle,
  'id' | 'name' | 'closed_at' | 'line_count' | 'draw_commitment' | 'commitment_version' | 'stats'
>;

/** The text the organizer sends buyers at close: when, how many lines, the fingerprint, where to check. */
export function fingerprintShareText(raffle: ClosedRaffle, origin: string): string {
  const { stats } = raffle;
  return t.text({
    name: raffle.name,
    closedAt: raffle.closed_at ? formatDateTime(raffle.closed_at) : '—',
    lines: raffle.line_count ?? stats.apartado + stats.abonado + stats.pagado,
    merkle: raffle.commitment_version === 2,
    root: raffle.draw_commitment ?? '—',
    url: `${origin}${paths.verify.getHref({ raffleId: raffle.id })}`,
  });
}

type ShareFingerprintDialogProps = {
  raffle: ClosedRaffle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * "Compartir huella": shown right after closing and kept on the card of a closed raffle. Buyers who
 * got this message at close can tell if the page's fingerprint ever changed.
 */
export function ShareFingerprintDialog({ raffle, open, onOpenChange }: ShareFingerprintDialogProps) {
  const text = fingerprintShareText(raffle, window.location.origin);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={t.actionLabel(raffle.name)}>
          <Share2 aria-hidden />
          {t.action}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <figure className="grid min-w-0 gap-1.5">
          <figcaption className="text-xs font-medium text-zinc-600">{t.textLabel}</figcaption>
          <p
            // The 64-character root has no break opportunity of its own.
            className="rounded-lg border border-zinc-200 bg-zinc-50 p-3 text-sm [overflow-wrap:anywhere] text-zinc-900"
            data-testid="fingerprint-share-text"
          >
            {text}
          </p>
        </figure>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" className="bg-green-700 hover:bg-green-800">
            <a href={whatsappHref(text)} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden />
              {t.whatsapp}
            </a>
          </Button>
          <CopyButton value={text} what={t.what} />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t.done}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
