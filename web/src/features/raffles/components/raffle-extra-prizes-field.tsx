import { drawKindLabels } from '@domain/draw-source-view';
import { DRAW_KINDS } from '@domain/draw-terms';
import { MAX_EXTRA_PRIZES, PRIZE_REPEAT_RULES, prizeRepeatRuleLabels } from '@domain/prize-rules';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formTexts } from '../form-texts';
import { emptyPrizeRow } from '../prize-form';
import type { RaffleFormInput } from '../raffle-form-schema';
import { FormSection } from './form-section';
import { LotteryRuleSelect } from './lottery-rule-select';
import { PrizePhotoField } from './prize-photo-field';

const t = formTexts.prizes;
const lockedLook = 'bg-zinc-100 text-zinc-600 disabled:opacity-100';

/**
 * "Premios adicionales" (issue 23, decision 042): the 2.º, 3.º, … prizes in order, each with its
 * own declared source and optionally a pre-sorteo date. `locked` (a number was taken): sources,
 * order and count are fixed, texts still change; `frozen` (closed): nothing changes; `sealed[i]`
 * (that prize's pre-sorteo list is sealed): that prize does not change, nor the order or sources.
 */
export function RaffleExtraPrizesField({
  locked,
  frozen,
  sealed = [],
}: {
  locked: boolean;
  frozen: boolean;
  sealed?: readonly boolean[];
}) {
  const { control, register, formState } = useFormContext<RaffleFormInput>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'prizes' });
  const rows = useWatch({ control, name: 'prizes' }) ?? [];
  const errors = formState.errors.prizes;
  const anySealed = sealed.some(Boolean);
  const sourceLocked = locked || frozen || anySealed;
  return (
    <FormSection id="section-extra-prizes" title={t.title} description={t.description}>
      {fields.length === 0 && <p className="text-sm text-zinc-600">{t.empty}</p>}
      {sourceLocked && fields.length > 0 && (
        <p className="text-sm text-zinc-600">{locked || frozen ? t.lockedHint : t.sealedLockedHint}</p>
      )}
      <ol className="grid gap-4">
        {fields.map((row, index) => {
          const position = index + 2;
          const id = (name: string) => `raffle-prize-${index}-${name}`;
          const e = errors?.[index];
          const kind = rows[index]?.draw_kind ?? 'loteria';
          const pre = rows[index]?.pre_draw ?? false;
          const textFrozen = frozen || (sealed[index] ?? false);
          return (
            <li
              key={row.id}
              className="grid gap-4 rounded-lg border border-zinc-200 p-3 sm:p-4"
              data-testid="extra-prize"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-zinc-900">{t.heading(position)}</h3>
                {sealed[index] && !frozen && (
                  <p className="basis-full text-sm text-zinc-600" data-testid="sealed-prize-hint">
                    {t.sealedHint}
                  </p>
                )}
                {!sourceLocked && (
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      className="h-11 w-11 p-0"
                      aria-label={t.moveUp(position)}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      className="h-11 w-11 p-0"
                      aria-label={t.moveDown(position)}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      className="h-11 text-red-700 hover:bg-red-50 hover:text-red-800"
                      aria-label={t.remove(position)}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden />
                      <span className="sr-only sm:not-sr-only">{t.removeShort}</span>
                    </Button>
                  </div>
                )}
              </div>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <Field id={id('title')} label={t.titleLabel} error={e?.title?.message}>
                  <Input
                    {...fieldControlProps(id('title'), e?.title?.message)}
                    {...register(`prizes.${index}.title`)}
                    autoComplete="off"
                    readOnly={textFrozen}
                    className={textFrozen ? lockedLook : undefined}
                  />
                </Field>
                <PrizePhotoField index={index} frozen={textFrozen} />
              </div>
              <Field id={id('description')} label={t.descriptionLabel} error={e?.description?.message}>
                <Textarea
                  {...fieldControlProps(id('description'), e?.description?.message)}
                  {...register(`prizes.${index}.description`)}
                  rows={2}
                  readOnly={textFrozen}
                  className={textFrozen ? lockedLook : undefined}
                />
              </Field>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <Field id={id('kind')} label={t.kind} error={e?.draw_kind?.message}>
                  <Controller
                    control={control}
                    name={`prizes.${index}.draw_kind`}
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange} disabled={sourceLocked}>
                        <SelectTrigger
                          {...fieldControlProps(id('kind'), e?.draw_kind?.message)}
                          onBlur={field.onBlur}
                          className={sourceLocked ? lockedLook : undefined}
                        >
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {DRAW_KINDS.map((k) => (
                            <SelectItem key={k} value={k}>
                              {drawKindLabels[k]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </Field>
                {kind === 'loteria' && (
                  <Field id={id('lottery')} label={t.lottery} error={e?.draw_lottery?.message}>
                    <Input
                      {...fieldControlProps(id('lottery'), e?.draw_lottery?.message)}
                      {...register(`prizes.${index}.draw_lottery`)}
                      placeholder={t.lotteryPlaceholder}
                      autoComplete="off"
                      readOnly={sourceLocked}
                      className={sourceLocked ? lockedLook : undefined}
                    />
                  </Field>
                )}
                {kind === 'loteria' && (
                  <Field id={id('draw-at')} label={t.drawAt} error={e?.draw_at?.message}>
                    <Input
                      {...fieldControlProps(id('draw-at'), e?.draw_at?.message)}
                      {...register(`prizes.${index}.draw_at`)}
                      type="datetime-local"
                      readOnly={sourceLocked}
                      className={sourceLocked ? lockedLook : undefined}
                    />
                  </Field>
                )}
                {kind === 'loteria' && (
                  <LotteryRuleSelect
                    id={id('rule')}
                    name={`prizes.${index}.draw_rule`}
                    error={e?.draw_rule?.message}
                    locked={sourceLocked}
                  />
                )}
              </div>
              <label className="flex items-start gap-3 text-sm text-zinc-800">
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-brand-700"
                  disabled={sourceLocked}
                  {...register(`prizes.${index}.pre_draw`)}
                />
                <span>
                  <span className="font-medium">{t.preDraw}</span>
                  <span className="block text-zinc-600">{t.preDrawHint}</span>
                </span>
              </label>
              {pre && (
                <Field id={id('pre-draw-at')} label={t.preDrawAt} error={e?.pre_draw_at?.message}>
                  <Input
                    {...fieldControlProps(id('pre-draw-at'), e?.pre_draw_at?.message)}
                    {...register(`prizes.${index}.pre_draw_at`)}
                    type="datetime-local"
                    readOnly={sourceLocked}
                    className={sourceLocked ? lockedLook : undefined}
                  />
                </Field>
              )}
            </li>
          );
        })}
      </ol>
      {errors?.message && (
        <p role="alert" className="text-sm text-red-700">
          {errors.message}
        </p>
      )}
      {!sourceLocked && fields.length < MAX_EXTRA_PRIZES && (
        <Button type="button" variant="secondary" className="w-fit" onClick={() => append(emptyPrizeRow())}>
          <Plus aria-hidden />
          {t.add}
        </Button>
      )}
      {fields.length > 0 && (
        <Field id="raffle-prize-repeat-rule" label={t.repeatRule}>
          <Controller
            control={control}
            name="prize_repeat_rule"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={sourceLocked}>
                <SelectTrigger
                  {...fieldControlProps('raffle-prize-repeat-rule', undefined)}
                  onBlur={field.onBlur}
                  className={sourceLocked ? lockedLook : undefined}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PRIZE_REPEAT_RULES.map((rule) => (
                    <SelectItem key={rule} value={rule}>
                      {prizeRepeatRuleLabels[rule]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      )}
    </FormSection>
  );
}
