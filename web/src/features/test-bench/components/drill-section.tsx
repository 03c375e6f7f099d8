import { Card } from '@/components/ui/card';
import { testBenchTexts as t } from '../texts';
import { DrillForm } from './drill-form';
import { DrillHistory } from './drill-history';

export function DrillSection() {
  return (
    <section aria-labelledby="drill-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="drill-title" className="text-lg font-semibold text-zinc-900">
          {t.drill.title}
        </h2>
        <p className="text-sm text-zinc-600">{t.drill.description}</p>
        <p className="text-sm text-amber-900">{t.drill.caution}</p>
      </div>
      <Card className="p-4 sm:p-5">
        <DrillForm />
      </Card>
      <h3 className="font-semibold text-zinc-900">{t.drill.historyTitle}</h3>
      <DrillHistory />
    </section>
  );
}
