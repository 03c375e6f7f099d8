import type { SellerRankingRow } from '@domain/commissions';
import { formatUsd } from '@domain/money';
import { Banknote } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { commissionsTexts } from '../texts';
import { CashHeldPanel } from './cash-held-panel';

/**
 * «Efectivo» on a seller of the Vendedores screen: the cash they hold, its payments and hand-overs,
 * and «Registrar entrega». The trigger shows the amount held, so a glance down the list finds who
 * owes cash. `compact`: the icon only below 2xl (the desktop table, whose «Efectivo por entregar»
 * column beside it shows the amount; the amber colour still marks who holds cash).
 */
export function CashDialog({ seller, compact = false }: { seller: SellerRankingRow; compact?: boolean }) {
  const t = commissionsTexts.cash;
  const [open, setOpen] = useState(false);
  const name = seller.seller_name || seller.seller_email;
  const holds = seller.cash_held_cents > 0;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t.buttonLabel(name)}
          title={compact ? t.buttonLabel(name) : undefined}
          className={holds ? 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100' : undefined}
        >
          <Banknote aria-hidden />
          <span className={compact ? 'hidden 2xl:inline' : undefined}>
            {holds ? formatUsd(seller.cash_held_cents) : t.button}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title(name)}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        {open && <CashHeldPanel sellerId={seller.seller_id} sellerName={name} canRecord />}
      </DialogContent>
    </Dialog>
  );
}
