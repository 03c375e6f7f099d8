import { ScrollText } from 'lucide-react';
import { useRaffles } from '@/api/raffles';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { ListEmptyState } from '@/components/list-empty-state';
import { PagedList } from '@/components/paged-list';
import { QueryState } from '@/components/query-state';
import { useClampedPage } from '@/hooks/use-clamped-page';
import { useAuditLog } from '../api/get-audit';
import { useVerifyAudit } from '../api/verify-audit';
import { AuditCardList } from '../components/audit-card-list';
import { AuditFilters } from '../components/audit-filters';
import { AuditSkeleton } from '../components/audit-skeleton';
import { AuditTable } from '../components/audit-table';
import { VerifyChain } from '../components/verify-chain';
import { useAuditParams } from '../hooks/use-audit-params';
import { auditTexts } from '../texts';

/** The tamper-evident audit log (admin): every staff action, newest first, and its chain checked on demand. */
export function AuditPage() {
  const t = auditTexts;
  const params = useAuditParams();
  const { raffleId, actor, action, from, to, page, setPage } = params;
  const raffles = useRaffles();
  const log = useAuditLog({ raffle_id: raffleId, actor, action, from, to, page });
  const pageSize = log.data?.page_size ?? 50;
  useClampedPage(
    { data: log.data && { count: log.data.total }, isPlaceholderData: log.isPlaceholderData },
    pageSize,
    params,
  );
  const verify = useVerifyAudit();
  const brokenSeq = verify.data?.ok === false ? verify.data.first_broken_seq : undefined;
  const names = new Map(raffles.data?.map((r) => [r.id, r.name]));
  const raffleName = (id: string) => names.get(id) ?? `${id.slice(0, 8)}…`;

  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <div className="grid gap-5">
        <VerifyChain
          verdict={verify.data}
          running={verify.isPending}
          failed={verify.isError}
          onVerify={() => verify.mutate()}
        />
        <AuditFilters
          raffles={raffles.data}
          rafflesLoading={raffles.isPending}
          raffleId={raffleId}
          actor={actor}
          action={action}
          from={from}
          to={to}
          hasFilters={params.hasFilters}
          onChange={params.setFilter}
          onClear={params.clear}
        />
        <QueryState query={log} loading={<AuditSkeleton />} errorTitle={t.errorTitle}>
          {(data) =>
            data.entries.length === 0 ? (
              <ListEmptyState
                icon={ScrollText}
                filtered={params.hasFilters}
                texts={t}
                clearLabel={t.filters.clear}
                onClear={params.clear}
              />
            ) : (
              <PagedList
                label={t.title}
                texts={t}
                page={page}
                perPage={data.page_size}
                count={data.total}
                busy={log.isPlaceholderData}
                onPageChange={setPage}
              >
                <div className="hidden md:block">
                  <AuditTable entries={data.entries} raffleName={raffleName} brokenSeq={brokenSeq} />
                </div>
                <div className="md:hidden">
                  <AuditCardList entries={data.entries} raffleName={raffleName} brokenSeq={brokenSeq} />
                </div>
              </PagedList>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
