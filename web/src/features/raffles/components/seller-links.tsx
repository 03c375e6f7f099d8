import type { SellerMe } from '@domain/seller-network';
import { MessageCircle } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useMySellerLinks } from '@/api/sellers';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { whatsappHref } from '@/lib/whatsapp';
import { dashboardTexts } from '../dashboard-texts';

const t = dashboardTexts.sellerLinks;
type LinkRow = SellerMe['raffles'][number];

/** The link on this site's own address (the API answers paths). */
const absolute = (path: string) => `${window.location.origin}${path}`;

function SellerLinkCard({ raffle, code }: { raffle: LinkRow; code: string }) {
  const url = absolute(raffle.short_link);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center" data-testid="seller-link-card">
      <div className="self-center rounded-lg border border-zinc-200 bg-white p-2">
        <QRCodeSVG value={url} size={120} marginSize={0} title={t.qr(raffle.name)} />
      </div>
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="grid gap-0.5">
          <h3 className="truncate text-base font-semibold text-zinc-900">{raffle.name}</h3>
          <p className="text-xs text-zinc-600">
            {raffle.relation === 'assigned' ? t.assigned : t.own} · {t.credited(raffle.numbers_credited)}
          </p>
        </div>
        <p
          className="truncate rounded-md bg-zinc-50 px-2 py-1.5 font-mono text-sm text-zinc-800"
          data-testid="seller-link-url"
        >
          {url}
        </p>
        <div className="flex flex-wrap gap-2">
          <CopyButton value={url} what={t.linkOf(raffle.name)} />
          <Button asChild variant="secondary" size="sm">
            <a href={whatsappHref(t.whatsappText(raffle.name, url))} target="_blank" rel="noreferrer">
              <MessageCircle aria-hidden />
              {t.whatsapp}
            </a>
          </Button>
        </div>
        <p className="text-xs text-zinc-500">{t.code(code)}</p>
      </div>
    </Card>
  );
}

/**
 * "Mis enlaces de venta" (decision 036): a vendedor's link to each raffle they sell, with copy,
 * WhatsApp and a QR to print or show. A buyer who opens it is credited to them for 7 days.
 */
export function SellerLinks() {
  const links = useMySellerLinks();
  const open = links.data?.raffles.filter((r) => r.status === 'activa') ?? [];
  if (!links.data || open.length === 0) return null;
  return (
    <section aria-labelledby="seller-links-title" className="grid gap-3">
      <div className="grid gap-0.5">
        <h2 id="seller-links-title" className="text-lg font-semibold text-zinc-900">
          {t.title}
        </h2>
        <p className="text-sm text-zinc-600">{t.description}</p>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        {open.map((raffle) => (
          <SellerLinkCard key={raffle.raffle_id} raffle={raffle} code={links.data.code} />
        ))}
      </div>
    </section>
  );
}
