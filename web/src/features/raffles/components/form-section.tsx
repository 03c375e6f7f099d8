import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

type FormSectionProps = { id: string; title: string; description: string; children: ReactNode };

/** One titled group of the raffle form, as a card. */
export function FormSection({ id, title, description, children }: FormSectionProps) {
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={id} className="grid gap-5">
        <div className="grid gap-1">
          <h2 id={id} className="text-base font-semibold text-zinc-900">
            {title}
          </h2>
          <p className="text-sm text-zinc-600">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}
