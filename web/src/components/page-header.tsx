import { ArrowLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { texts } from '@/config/texts';

export type Crumb = { label: string; href?: string };

export type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  breadcrumbs?: Crumb[];
  /** A "back" link shown above the title on phones, where breadcrumbs would not fit. */
  back?: { label?: string; href: string };
  actions?: ReactNode;
};

export function PageHeader({ title, description, breadcrumbs, back, actions }: PageHeaderProps) {
  return (
    <header className="mb-6 grid gap-3">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav aria-label={texts.breadcrumbs} className="hidden sm:block">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-zinc-500">
            {breadcrumbs.map((crumb, index) => (
              <li key={crumb.label} className="flex items-center gap-1">
                {index > 0 && <ChevronRight aria-hidden className="size-4 text-zinc-400" />}
                {crumb.href ? (
                  <Link to={crumb.href} className="rounded hover:text-zinc-900 hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current="page" className="font-medium text-zinc-700">
                    {crumb.label}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {back && (
        <Link
          to={back.href}
          className="-my-2 inline-flex min-h-10 w-fit items-center gap-1 rounded pr-2 text-sm font-medium text-brand-700 hover:underline sm:hidden"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {back.label ?? texts.common.back}
        </Link>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl">{title}</h1>
          {/* A <div>, not a <p>: a description may hold a block, such as a loading Skeleton. */}
          {description && <div className="max-w-2xl text-sm text-zinc-600 sm:text-base">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </header>
  );
}
