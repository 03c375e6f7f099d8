import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

type RateCardProps = { title: string; description: string; children: ReactNode };

/** A card of the rates screen: its title and what it is for, then its content. */
export function RateCard({ title, description, children }: RateCardProps) {
  return (
    <Card className="grid content-start gap-4 p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold text-zinc-900">{title}</h2>
        <p className="text-sm text-zinc-600">{description}</p>
      </div>
      {children}
    </Card>
  );
}
