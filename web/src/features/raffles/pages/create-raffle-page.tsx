import { messages } from '@domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { setRaffleSellers } from '@/api/sellers';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/use-auth';
import { useCreateRaffle } from '../api/create-raffle';
import { RaffleForm } from '../components/raffle-form';
import { createRaffleFormSchema, emptyRaffleForm } from '../raffle-form-schema';
import { rafflesTexts } from '../texts';

export function CreateRafflePage() {
  const t = rafflesTexts.create;
  const create = useCreateRaffle();
  const navigate = useNavigate();
  const isAdmin = useAuth().profile?.role === 'admin';
  const [sellerIds, setSellerIds] = useState<string[]>([]);
  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <RaffleForm
        schema={createRaffleFormSchema}
        defaultValues={emptyRaffleForm}
        submitLabel={t.submit}
        submittingLabel={t.submitting}
        errorTitle={messages.store.createRaffle}
        sellers={isAdmin ? { value: sellerIds, onChange: setSellerIds } : undefined}
        onSubmit={async (body) => {
          const raffle = await create.mutateAsync(body);
          if (isAdmin && sellerIds.length > 0) await setRaffleSellers(raffle.id, sellerIds);
          toast.success(t.success, { description: t.successDescription(raffle.name, raffle.total_numbers) });
          navigate(paths.dashboard.root.getHref());
        }}
      />
    </>
  );
}
