import { MAX_PACKAGES } from '@domain/packages';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formTexts } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';

const t = formTexts.packages;
/** A field spanning its row's three rows, its label, input and hint on them. */
const FIELD_ROWS = 'row-span-3 grid-rows-subgrid content-start';

/**
 * "5 números por $20" offers, a few rows of count and price. A sale term: read-only once a number
 * was ever taken (the server answers 409 TERMS_LOCKED to a change) or the raffle closed.
 */
export function RafflePackagesField({ locked, lockedHint }: { locked: boolean; lockedHint: string }) {
  const { register, control, formState } = useFormContext<RaffleFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'packages' });
  const errors = formState.errors.packages;
  // A rule over all of them (a package dearer than singles) sits on the list itself.
  const listError = errors?.message ?? errors?.root?.message;
  // react-hook-form re-checks only the field that changed: `deps` re-checks the list's own rule too,
  // so its message leaves as soon as the price that broke it is fixed, not at the next save.
  const rowOptions = { deps: 'packages' as const };
  return (
    <FormSection id="section-packages" title={t.title} description={t.description}>
      {fields.length === 0 && <p className="text-sm text-zinc-600">{locked ? lockedHint : t.empty}</p>}
      <ul className="grid gap-3">
        {fields.map((row, index) => {
          const n = index + 1;
          const numbersId = `raffle-package-${index}-numbers`;
          const priceId = `raffle-package-${index}-price`;
          const numbersError = errors?.[index]?.numbers?.message;
          const priceError = errors?.[index]?.price?.message;
          const hint = locked ? lockedHint : undefined;
          return (
            // Label, input and hint/error rows shared by both fields (subgrid): the two inputs stay
            // level when one label wraps (a phone) or only one field has a hint or an error.
            <li
              key={row.id}
              className="grid grid-cols-[1fr_1fr_auto] grid-rows-[auto_auto_auto] gap-x-2 gap-y-1.5 sm:gap-x-3"
            >
              <Field
                id={numbersId}
                label={t.numbers(n)}
                error={numbersError}
                hint={hint}
                className={FIELD_ROWS}
              >
                <Input
                  {...fieldControlProps(numbersId, numbersError, hint)}
                  {...register(`packages.${index}.numbers`, rowOptions)}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="5"
                  readOnly={locked}
                />
              </Field>
              <Field id={priceId} label={t.price(n)} error={priceError} className={FIELD_ROWS}>
                <Input
                  {...fieldControlProps(priceId, priceError)}
                  {...register(`packages.${index}.price`, rowOptions)}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="20,00"
                  readOnly={locked}
                />
              </Field>
              {!locked && (
                <Button
                  type="button"
                  variant="ghost"
                  className="col-start-3 row-start-2 h-11 text-red-700 hover:bg-red-50 hover:text-red-800"
                  aria-label={t.remove(n)}
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t.removeShort}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      {!locked && fields.length < MAX_PACKAGES && (
        <Button
          type="button"
          variant="secondary"
          className="w-fit"
          onClick={() => append({ numbers: '', price: '' })}
        >
          <Plus aria-hidden />
          {t.add}
        </Button>
      )}
    </FormSection>
  );
}
