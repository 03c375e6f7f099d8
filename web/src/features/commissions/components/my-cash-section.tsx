import { useSellerCash } from '../api/seller-cash';
import { commissionsTexts } from '../texts';
import { CashHeldPanel } from './cash-held-panel';

/**
 * «Mis ventas»: the cash the vendedor recorded and has not handed over, the hand-overs and the
 * refunds given back out of it, read only. Shown once they have recorded cash (a seller who never
 * did sees nothing new).
 */
export function MyCashSection({ sellerId, sellerName }: { sellerId: string; sellerName: string }) {
  const t = commissionsTexts.cash;
  const query = useSellerCash(sellerId);
  const cash = query.isSuccess ? query.data : undefined;
  if (cash && cash.receipts.length === 0 && cash.handovers.length === 0 && cash.refunds.length === 0)
    return null;
  return (
    <section className="grid gap-2" aria-labelledby="my-cash-title">
      <h2 id="my-cash-title" className="text-lg font-semibold text-zinc-900">
        {t.mineTitle}
      </h2>
      <p className="text-sm text-zinc-600">{t.mineDescription}</p>
      <div className="rounded-xl border border-zinc-200 bg-white p-3 sm:p-4">
        <CashHeldPanel sellerId={sellerId} sellerName={sellerName} />
      </div>
    </section>
  );
}
