import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10 text-center">
      <Link to={paths.home.getHref()} className="rounded-lg">
        <Logo />
      </Link>
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SearchX aria-hidden className="size-8" />
      </span>
      <div className="grid max-w-md gap-2">
        <p className="text-sm font-semibold tracking-wide text-brand-700">404</p>
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">{texts.notFound.title}</h1>
        <p className="text-zinc-600">{texts.notFound.description}</p>
      </div>
      <Button asChild size="lg">
        <Link to={paths.home.getHref()}>{texts.common.goHome}</Link>
      </Button>
    </main>
  );
}
