import { useSearchParams } from 'react-router';
import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { QueryState } from '@/components/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useStatement } from '../api/statements';
import { RecentStatements } from '../components/recent-statements';
import { StatementUpload } from '../components/statement-upload';
import { StatementView } from '../components/statement-view';
import { reconciliationTexts } from '../texts';

/** `/dashboard/admin/reconcile` (admin): upload a bank statement, see each credit's state, approve. */
export function ReconcilePage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('estado');
  const statement = useStatement(openId);
  return (
    <>
      <DashboardPageHeader title={reconciliationTexts.title} description={reconciliationTexts.description} />
      <div className="grid gap-5">
        <StatementUpload onUploaded={(id) => setParams({ estado: id })} />
        {openId && (
          <QueryState
            query={statement}
            errorTitle={reconciliationTexts.errorTitle}
            loading={<Skeleton className="h-96" />}
          >
            {(detail) => <StatementView key={detail.statement.id} detail={detail} />}
          </QueryState>
        )}
        <RecentStatements openId={openId} />
      </div>
    </>
  );
}
