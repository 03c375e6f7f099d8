import { messages } from '@domain/messages';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { paths } from '@/config/paths';
import { useCreateRaffle } from '../api/create-raffle';
import { RaffleForm } from '../components/raffle-form';
import { createRaffleFormSchema, emptyRaffleForm } from '../raffle-form-schema';
import { rafflesTexts } from '../texts';

export function CreateRafflePage() {
  const t = rafflesTexts.create;
  const create = useCreateRaffle();
  const navigate = useNavigate();
  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <RaffleForm
        schema={createRaffleFormSchema}
        defaultValues={emptyRaffleForm}
        submitLabel={t.submit}
        submittingLabel={t.submitting}
        errorTitle={messages.store.createRaffle}
        onSubmit={async (body) => {
          const raffle = await create.mutateAsync(body);
          toast.success(t.success, { description: t.successDescription(raffle.name, raffle.total_numbers) });
          navigate(paths.dashboard.root.getHref());
        }}
      />
    </>
  );
}
