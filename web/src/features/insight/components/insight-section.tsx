import type { ReactNode } from 'react';
import { insightTexts } from '../texts';

/** The frame of the sales section: the same while loading and loaded, so nothing jumps. */
export function InsightSection({ children, description }: { children: ReactNode; description?: string }) {
  return (
    <section
      aria-labelledby="sales-insight-title"
      // Below the phone's sticky top bar when scrolled to (a link, a shot): the heading stays visible.
      className="grid min-w-0 scroll-mt-20 gap-4 rounded-[var(--radius-card)] border border-zinc-200 bg-zinc-50/60 p-3 sm:p-5 lg:scroll-mt-6"
      data-testid="sales-insight"
    >
      <div className="grid gap-0.5">
        <h2 id="sales-insight-title" className="text-lg font-semibold text-zinc-900">
          {insightTexts.title}
        </h2>
        <p className="text-sm text-zinc-600">{description ?? insightTexts.description}</p>
      </div>
      {children}
    </section>
  );
}
