import { useFormContext } from 'react-hook-form';
import { useVendedores } from '@/api/sellers';
import { SellerCheckList } from '@/components/seller-check-list';
import { formTexts as t } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';

/** What an admin's form holds about who sells the raffle (saved after the raffle itself). */
export type SellersPick = { value: string[]; onChange: (ids: string[]) => void };

/**
 * Who sells the raffle and whether its page shows the leaderboards (decision 036). The vendedores
 * are an admin's choice; anyone who edits the raffle turns the leaderboards on or off.
 */
export function RaffleSellersSection({ sellers }: { sellers?: SellersPick }) {
  const { register } = useFormContext<RaffleFormInput>();
  const vendedores = useVendedores(sellers !== undefined);
  return (
    <FormSection id="section-sellers" title={t.sections.sellers} description={t.sections.sellersDescription}>
      {sellers && (
        <SellerCheckList
          legend={t.sellers}
          empty={vendedores.isPending ? t.sellersLoading : t.sellersEmpty}
          options={(vendedores.data ?? []).map((u) => ({ id: u.id, label: u.full_name, hint: u.email }))}
          value={sellers.value}
          onChange={sellers.onChange}
        />
      )}
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input type="checkbox" className="mt-1 size-4 accent-brand-700" {...register('show_leaderboards')} />
        <span className="grid gap-0.5">
          <span className="text-sm font-medium text-zinc-900">{t.showLeaderboards}</span>
          <span className="text-sm text-zinc-600">{t.showLeaderboardsHint}</span>
        </span>
      </label>
    </FormSection>
  );
}
