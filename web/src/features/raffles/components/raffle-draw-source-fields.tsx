import { formatDateTime } from '@domain/dates';
import { drawKindLabels } from '@domain/draw-source-view';
import { DRAW_KINDS, lotteryRuleText } from '@domain/draw-terms';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { caracasLocalToIso } from '../caracas-datetime';
import { formTexts } from '../form-texts';
import type { RaffleFormInput } from '../raffle-form-schema';
import { LotteryRuleSelect } from './lottery-rule-select';

const t = formTexts.source;
const lockedLook = 'bg-zinc-100 text-zinc-600 disabled:opacity-100';
// Radix Select gives no item an empty value: "no declared source" travels as this one.
const NONE = 'ninguna';

/**
 * The declared draw source (issue 19): a lottery (name, the time of its draw, the rule that maps its
 * result to a number) or the drand beacon. Read-only, with `lockedHint` saying why, once a number was
 * ever taken (the numbers were sold under it: the server answers 409 TERMS_LOCKED) or the raffle closed.
 */
export function RaffleDrawSourceFields({ lockedHint }: { lockedHint: string | null }) {
  const locked = lockedHint !== null;
  const { register, control, formState } = useFormContext<RaffleFormInput>();
  const errors = formState.errors;
  const [kind, drawAt, total, digits, rule] = useWatch({
    control,
    name: ['draw_kind', 'draw_at', 'total_numbers', 'digit_count', 'draw_rule'],
  });
  const kindHint = lockedHint ?? t.kindHints[kind === '' ? 'none' : kind];
  const drawAtIso = caracasLocalToIso(drawAt);
  const drawAtHint = locked
    ? lockedHint
    : drawAtIso
      ? t.drawAtPreview(formatDateTime(drawAtIso))
      : t.drawAtHint;
  const totalValue = /^\d+$/.test(total) ? Number(total) : 0;
  const ruleText = lotteryRuleText(rule, Number(digits) || 1, totalValue || 10 ** Number(digits));
  return (
    <section
      aria-labelledby="draw-source-title"
      className="grid gap-5 border-t border-zinc-200 pt-5"
      data-testid="draw-source-fields"
    >
      <div className="grid gap-1">
        <h3 id="draw-source-title" className="text-sm font-semibold text-zinc-900">
          {t.title}
        </h3>
        <p className="text-sm text-zinc-600">{t.description}</p>
      </div>
      <Field id="raffle-draw-kind" label={t.kind} error={errors.draw_kind?.message} hint={kindHint}>
        <Controller
          control={control}
          name="draw_kind"
          render={({ field }) => (
            <Select
              value={field.value === '' ? NONE : field.value}
              onValueChange={(value) => field.onChange(value === NONE ? '' : value)}
              disabled={locked}
            >
              <SelectTrigger
                {...fieldControlProps('raffle-draw-kind', errors.draw_kind?.message, 'hint')}
                onBlur={field.onBlur}
                className={locked ? lockedLook : undefined}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DRAW_KINDS.map((k) => (
                  <SelectItem key={k} value={k}>
                    {drawKindLabels[k]}
                  </SelectItem>
                ))}
                <SelectItem value={NONE}>{t.kindNone}</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      {kind === 'loteria' && (
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field
            id="raffle-draw-lottery"
            label={t.lottery}
            error={errors.draw_lottery?.message}
            hint={lockedHint ?? undefined}
          >
            <Input
              {...fieldControlProps(
                'raffle-draw-lottery',
                errors.draw_lottery?.message,
                locked ? 'hint' : undefined,
              )}
              placeholder={t.lotteryPlaceholder}
              autoComplete="off"
              readOnly={locked}
              className={locked ? lockedLook : undefined}
              {...register('draw_lottery')}
            />
          </Field>
          <Field id="raffle-draw-at" label={t.drawAt} error={errors.draw_at?.message} hint={drawAtHint}>
            <Input
              {...fieldControlProps('raffle-draw-at', errors.draw_at?.message, 'hint')}
              type="datetime-local"
              readOnly={locked}
              className={locked ? lockedLook : undefined}
              {...register('draw_at')}
            />
          </Field>
          <LotteryRuleSelect
            id="raffle-draw-rule"
            name="draw_rule"
            error={errors.draw_rule?.message}
            hint={ruleText}
            locked={locked}
          />
        </div>
      )}
    </section>
  );
}
