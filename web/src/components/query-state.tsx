import type { UseQueryResult } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';

/** The server's Spanish sentence when it sent one; anything else is a bug a person cannot act on. */
export const errorMessage = (error: unknown, fallback: string = texts.common.genericError): string =>
  isApiError(error) ? error.message : fallback;

type RetryProps = {
  /** A refetch is on its way: the button spins and cannot be pressed twice. */
  retrying?: boolean;
  onRetry: () => void;
};

type QueryErrorProps = RetryProps & {
  title: string;
  error?: unknown;
  /** Replaces the error's own message (a screen that says something more useful). */
  description?: ReactNode;
  /** Where the retry is the screen's one next step (a buyer's page), it is the primary button. */
  retryVariant?: 'primary' | 'secondary';
};

/** A screen's list or record could not load: what failed, why, and "Reintentar". */
export function QueryError({
  title,
  error,
  description,
  retrying,
  onRetry,
  retryVariant = 'secondary',
}: QueryErrorProps) {
  return (
    <EmptyState
      tone="danger"
      icon={TriangleAlert}
      title={title}
      description={description ?? errorMessage(error)}
      action={
        <Button variant={retryVariant} loading={retrying} onClick={onRetry}>
          {texts.common.retry}
        </Button>
      }
    />
  );
}

type RetryableQuery = { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };

/** A screen built from several queries: the first failure says why; the retry refetches each that failed. */
export function QueriesError({ title, queries }: { title: string; queries: RetryableQuery[] }) {
  return (
    <QueryError
      title={title}
      error={queries.find((query) => query.isError)?.error}
      retrying={queries.some((query) => query.isFetching)}
      onRetry={() => {
        for (const query of queries) if (query.isError) void query.refetch();
      }}
    />
  );
}

type InlineQueryErrorProps = RetryProps & { message: string; className?: string };

/** The same failure inside a card or a panel, where a full-width empty state would not fit. */
export function InlineQueryError({ message, retrying, onRetry, className }: InlineQueryErrorProps) {
  return (
    <div
      role="alert"
      className={cn(
        'grid gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800',
        className,
      )}
    >
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="w-fit" loading={retrying} onClick={onRetry}>
        {texts.common.retry}
      </Button>
    </div>
  );
}

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** The skeleton (or spinner) of the first load. */
  loading: ReactNode;
  errorTitle: string;
  /** Replaces the error's message, as in QueryError. */
  errorDescription?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * One query's three faces: its skeleton on the first load, the error with a retry, or the data.
 * A failed refetch shows the error too (as the screens did before), so a stale list is never
 * taken for a fresh one.
 */
export function QueryState<T>({
  query,
  loading,
  errorTitle,
  errorDescription,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <QueryError
        title={errorTitle}
        error={query.error}
        description={errorDescription}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
