import { isClosedStatus } from '@domain/raffle-lifecycle';
import type { RaffleStatus } from '@domain/raffles';
import type { z } from '@domain/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { formTexts } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { raffleServerErrors } from '../server-errors';
import { RaffleDrawFields } from './raffle-draw-fields';
import { RaffleExtraPrizesField } from './raffle-extra-prizes-field';
import { type InstantWinsWon, RaffleInstantWinsField } from './raffle-instant-wins-field';
import { RaffleNumbersFields } from './raffle-numbers-fields';
import { RaffleOrganizerFields } from './raffle-organizer-fields';
import { RafflePackagesField } from './raffle-packages-field';
import { RafflePaymentAccountsField } from './raffle-payment-accounts-field';
import { RafflePrizeFields } from './raffle-prize-fields';
import { RaffleSellersSection, type SellersPick } from './raffle-sellers-section';
import { RaffleStatusField } from './raffle-status-field';

type RaffleFormProps<T> = {
  schema: z.ZodType<T, RaffleFormInput>;
  defaultValues: RaffleFormInput;
  onSubmit: (body: T) => Promise<unknown>;
  submitLabel: string;
  submittingLabel: string;
  /** Toast title when the server refuses (SPEC 8: 'Error al crear la rifa' / 'Error al actualizar la rifa'). */
  errorTitle: string;
  /** Edit only: the raffle's status now (the status field offers where it may go from there). */
  currentStatus?: RaffleStatus;
  /** Edit only: some number is taken now (a new price applies to new sales; no way back to borrador). */
  hasSales?: boolean;
  /** Edit only: a number was ever taken, or the raffle closed: the terms of sale are fixed (TERMS_LOCKED). */
  termsLocked?: boolean;
  /** Edit only: the stored closing date has passed (it cannot change any more). */
  closingPassed?: boolean;
  /** Admins only: the vendedores assigned to the raffle (saved by the page after the raffle). */
  sellers?: SellersPick;
  /** Edit only: whether each additional prize's pre-sorteo list is sealed (that prize no longer changes). */
  sealedPrizes?: readonly boolean[];
  /** Edit only: instant-win numbers already won: who won each, and whether its prize was handed over. */
  instantWinsWon?: InstantWinsWon;
};

/** The one raffle form behind both create and edit; the page decides what a submit does. */
export function RaffleForm<T>(props: RaffleFormProps<T>) {
  const { schema, defaultValues, onSubmit, submitLabel, submittingLabel, errorTitle } = props;
  const form = useForm<RaffleFormInput, unknown, T>({ resolver: zodResolver(schema), defaultValues });
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const onUploadingChange = useCallback((value: boolean) => setUploading(value), []);
  const submitting = form.formState.isSubmitting;
  const hasSales = props.hasSales ?? false;
  const closed = props.currentStatus !== undefined && isClosedStatus(props.currentStatus);

  // Set while a save runs: the page navigates away from inside onSubmit once it has saved.
  const saving = useRef(false);
  const isDirty = form.formState.isDirty;
  const hasUnsavedChanges = useCallback(() => isDirty && !saving.current, [isDirty]);

  async function submit(body: T) {
    setGeneralError(null);
    saving.current = true;
    try {
      await onSubmit(body);
    } catch (error) {
      saving.current = false;
      const problems = raffleServerErrors(error, texts.common.genericError);
      for (const { field, message } of problems.fields)
        form.setError(field, { message }, { shouldFocus: true });
      setGeneralError(problems.general);
      toast.error(errorTitle, { description: problems.general ?? problems.fields[0]?.message });
    }
  }

  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;
  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard dirty={hasUnsavedChanges} />
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-5 pb-24 sm:pb-0">
        {generalError && (
          <div
            role="alert"
            className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <TriangleAlert aria-hidden className="size-5 shrink-0" />
            <p>{generalError}</p>
          </div>
        )}
        <RafflePrizeFields onUploadingChange={onUploadingChange} frozen={closed} />
        <RaffleNumbersFields hasSales={hasSales} termsLocked={props.termsLocked ?? false} closed={closed} />
        <RafflePackagesField
          locked={(props.termsLocked ?? false) || closed}
          lockedHint={closed ? formTexts.closedLockedHint : formTexts.termsLockedHint}
        />
        <RaffleInstantWinsField
          locked={(props.termsLocked ?? false) || closed}
          lockedHint={closed ? formTexts.closedLockedHint : formTexts.termsLockedHint}
          won={props.instantWinsWon}
        />
        <RaffleDrawFields
          hasSales={hasSales}
          closed={closed}
          termsLocked={props.termsLocked ?? false}
          closingPassed={props.closingPassed ?? false}
        />
        <RaffleExtraPrizesField
          locked={props.termsLocked ?? false}
          frozen={closed}
          sealed={props.sealedPrizes}
        />
        <RaffleOrganizerFields />
        <RafflePaymentAccountsField />
        <RaffleSellersSection sellers={props.sellers} />
        <RaffleStatusField current={props.currentStatus ?? null} hasSales={hasSales} />
        <div className="fixed inset-x-0 bottom-0 z-30 grid gap-2 border-t border-zinc-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:flex sm:flex-wrap sm:items-center sm:justify-end sm:border-0 sm:bg-transparent sm:p-0">
          {hasFieldErrors && !submitting && (
            <p className="text-sm text-red-700 sm:mr-auto">{formTexts.errorsBelow}</p>
          )}
          <div className="flex gap-2">
            <Button asChild variant="secondary" className="flex-1 sm:flex-none">
              <Link to={paths.dashboard.root.getHref()}>{formTexts.cancel}</Link>
            </Button>
            <Button type="submit" loading={submitting} disabled={uploading} className="flex-[2] sm:flex-none">
              {submitting ? submittingLabel : submitLabel}
            </Button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
