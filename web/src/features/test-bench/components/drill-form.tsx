import { DEFAULT_DRILL_BUYERS, drillSchema, MAX_DRILL_BUYERS, MIN_DRILL_BUYERS } from '@domain/test-bench';
import { Zap } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { useRunDrill } from '../api/run-drill';
import { testBenchTexts as t } from '../texts';
import { DrillFigures } from './drill-figures';

export function DrillForm() {
  const [buyers, setBuyers] = useState(String(DEFAULT_DRILL_BUYERS));
  const [error, setError] = useState<string>();
  const drill = useRunDrill();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = drillSchema.safeParse({ buyers: Number(buyers.trim() || Number.NaN) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    drill.mutate(parsed.data, {
      onSuccess: () => toast.success(t.drill.done),
      onError: (e) =>
        toast.error(t.drill.error, { description: isApiError(e) ? e.message : texts.common.genericError }),
    });
  }

  const id = 'drill-buyers';
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:flex sm:items-start sm:gap-4">
        <Field id={id} label={t.drill.buyers} hint={t.drill.buyersHint} error={error} className="sm:w-64">
          <Input
            {...fieldControlProps(id, error, t.drill.buyersHint)}
            type="number"
            inputMode="numeric"
            min={MIN_DRILL_BUYERS}
            max={MAX_DRILL_BUYERS}
            step={1}
            value={buyers}
            onChange={(e) => {
              setBuyers(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <Button type="submit" loading={drill.isPending} className="w-full sm:mt-6.5 sm:w-auto">
          {!drill.isPending && <Zap aria-hidden />}
          {drill.isPending ? t.drill.running : t.drill.run}
        </Button>
      </form>
      <div aria-live="polite" className="grid gap-3">
        {drill.isPending && <p className="text-sm text-zinc-600">{t.drill.runningHint}</p>}
        {drill.isError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {isApiError(drill.error) ? drill.error.message : texts.common.genericError}
          </p>
        )}
        {drill.data && !drill.isPending && (
          <section aria-labelledby="drill-result-title" className="grid gap-3">
            <h3 id="drill-result-title" className="font-semibold text-zinc-900">
              {t.drill.resultTitle}
            </h3>
            <DrillFigures drill={drill.data} />
          </section>
        )}
      </div>
    </div>
  );
}
