import { formatDateTime } from '@domain/dates';
import { FileSpreadsheet } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useStatements } from '../api/statements';
import { reconciliationTexts } from '../texts';

const t = reconciliationTexts.recent;

/** The last uploads, newest first; the one open is marked. */
export function RecentStatements({ openId }: { openId: string | null }) {
  const statements = useStatements();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={statements}
          errorTitle={reconciliationTexts.listErrorTitle}
          loading={
            <div className="grid gap-2">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          }
        >
          {(list) =>
            list.length === 0 ? (
              <EmptyState icon={FileSpreadsheet} title={t.empty} />
            ) : (
              <ul className="grid gap-2">
                {list.map((statement) => (
                  <li key={statement.id}>
                    <Link
                      to={paths.dashboard.reconcile.getHref(statement.id)}
                      aria-current={statement.id === openId ? 'true' : undefined}
                      className={cn(
                        'flex items-center gap-3 rounded-lg border border-zinc-200 p-3 hover:bg-zinc-50',
                        statement.id === openId && 'border-brand-600 bg-brand-50/60',
                      )}
                    >
                      <FileSpreadsheet aria-hidden className="size-5 shrink-0 text-zinc-500" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium text-zinc-900">
                          {statement.file_name}
                        </span>
                        <span className="block text-xs text-zinc-500">
                          {formatDateTime(statement.created_at)} ·{' '}
                          {t.counts(statement.matched, statement.rows)}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
