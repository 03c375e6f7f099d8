import { MAX_INSTANT_WIN_PRIZE, MAX_INSTANT_WINS, type StaffInstantWin } from '@domain/instant-wins';
import { displayName } from '@domain/names';
import { Gift, Lock, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formTexts } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';
import { InstantWinDelivery } from './instant-win-delivery';

const t = formTexts.instantWins;

/** Edit only: the raffle, and its instant wins already won by number (who won each, and its hand-over). */
export type InstantWinsWon = { raffleId: string; byNumber: ReadonlyMap<number, StaffInstantWin> };

/**
 * Up to 20 "números premiados", each with a small prize (decision 041). A sale term: read-only once
 * a number was ever taken or the raffle closed. A won one says who won it and whether its prize was
 * handed over, with the button that records it (decision 081).
 */
export function RaffleInstantWinsField({
  locked,
  lockedHint,
  won,
}: {
  locked: boolean;
  lockedHint: string;
  won?: InstantWinsWon;
}) {
  const { register, control, formState } = useFormContext<RaffleFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'instant_wins' });
  const errors = formState.errors.instant_wins;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <FormSection id="section-instant-wins" title={t.title} description={t.description}>
      {fields.length === 0 ? (
        <p className="text-sm text-zinc-600">{locked ? lockedHint : t.empty}</p>
      ) : (
        <p className="flex items-center gap-2 text-xs text-zinc-600">
          <Lock aria-hidden className="size-3.5 shrink-0" />
          {locked ? lockedHint : t.secret}
        </p>
      )}
      <ul className="grid gap-3">
        {fields.map((row, index) => {
          const n = index + 1;
          const numberId = `raffle-instant-win-${index}-number`;
          const prizeId = `raffle-instant-win-${index}-prize`;
          const numberError = errors?.[index]?.number?.message;
          const prizeError = errors?.[index]?.prize?.message;
          const win = won?.byNumber.get(Number(row.number));
          return (
            <li key={row.id} className="grid gap-1.5">
              <div className="grid grid-cols-[5.5rem_1fr_auto] items-end gap-2 sm:grid-cols-[8rem_1fr_auto] sm:gap-3">
                <div className="grid gap-1.5">
                  <Label htmlFor={numberId}>
                    {t.numberShort}
                    <span className="sr-only">{t.numberRest(n)}</span>
                  </Label>
                  <Input
                    {...fieldControlProps(numberId, numberError)}
                    {...register(`instant_wins.${index}.number`)}
                    id={numberId}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="7"
                    readOnly={locked}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={prizeId}>
                    {t.prizeShort}
                    <span className="sr-only">{t.prizeRest(n)}</span>
                  </Label>
                  <Input
                    {...fieldControlProps(prizeId, prizeError)}
                    {...register(`instant_wins.${index}.prize`)}
                    id={prizeId}
                    autoComplete="off"
                    maxLength={MAX_INSTANT_WIN_PRIZE}
                    placeholder={t.prizePlaceholder}
                    readOnly={locked}
                  />
                </div>
                {!locked && (
                  <Button
                    type="button"
                    variant="ghost"
                    className="h-11 text-red-700 hover:bg-red-50 hover:text-red-800"
                    aria-label={t.remove(n)}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden />
                    <span className="sr-only sm:not-sr-only">{t.removeShort}</span>
                  </Button>
                )}
              </div>
              {/* Under the whole row, so a long message never squeezes the narrow number column. */}
              {numberError && (
                <p id={`${numberId}-error`} role="alert" className="text-sm text-red-700">
                  {numberError}
                </p>
              )}
              {prizeError && (
                <p id={`${prizeId}-error`} role="alert" className="text-sm text-red-700">
                  {prizeError}
                </p>
              )}
              {won && win?.ticket_number && (
                <div className="grid gap-2">
                  <p className="flex items-center gap-1.5 text-xs font-medium text-emerald-800">
                    <Gift aria-hidden className="size-3.5 shrink-0" />
                    {t.won(win.ticket_number, displayName(win.winner_name))}
                  </p>
                  <InstantWinDelivery raffleId={won.raffleId} win={win} />
                </div>
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
      {!locked && fields.length < MAX_INSTANT_WINS && (
        <Button
          type="button"
          variant="secondary"
          className="w-fit"
          onClick={() => append({ number: '', prize: '' })}
        >
          <Plus aria-hidden />
          {t.add}
        </Button>
      )}
    </FormSection>
  );
}
