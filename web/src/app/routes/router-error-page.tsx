import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';

function errorSummary(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error screen (SPEC 2 names its title). Plain links: the app may be half broken. */
export function RouterErrorPage() {
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 px-4 py-10 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-red-100 text-red-700">
        <TriangleAlert aria-hidden className="size-8" />
      </span>
      <div className="grid max-w-md gap-2">
        <h1 className="text-2xl font-bold text-zinc-900">{texts.routerError.title}</h1>
        <p className="text-zinc-600">{texts.routerError.description}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>{texts.routerError.reload}</Button>
        <Button asChild variant="secondary">
          <a href={paths.home.getHref()}>{texts.common.goHome}</a>
        </Button>
      </div>
      {import.meta.env.DEV && (
        <details className="max-w-xl text-left text-xs text-zinc-500">
          <summary>{texts.routerError.details}</summary>
          <pre className="mt-2 overflow-auto whitespace-pre-wrap">{errorSummary(error)}</pre>
        </details>
      )}
    </main>
  );
}
