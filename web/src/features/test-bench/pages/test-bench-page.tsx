import { DashboardPageHeader } from '@/components/dashboard-page-header';
import { ChecksSection } from '../components/checks-section';
import { DrillSection } from '../components/drill-section';
import { testBenchTexts } from '../texts';

/** Banco de pruebas (admin): live checks of the system and the concurrency drill. */
export function TestBenchPage() {
  return (
    <>
      <DashboardPageHeader title={testBenchTexts.title} description={testBenchTexts.description} />
      <div className="grid gap-10">
        <ChecksSection />
        <DrillSection />
      </div>
    </>
  );
}
