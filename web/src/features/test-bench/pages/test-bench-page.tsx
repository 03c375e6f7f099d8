import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { ChecksSection } from '../components/checks-section';
import { DrillSection } from '../components/drill-section';
import { testBenchTexts } from '../texts';

/** Banco de pruebas (admin): live checks of the system and the concurrency drill. */
export function TestBenchPage() {
  return (
    <>
      <PageHeader
        title={testBenchTexts.title}
        description={testBenchTexts.description}
        breadcrumbs={[
          { label: texts.dashboardNav.breadcrumbRoot, href: paths.dashboard.root.getHref() },
          { label: testBenchTexts.title },
        ]}
        back={{ href: paths.dashboard.root.getHref() }}
      />
      <div className="grid gap-10">
        <ChecksSection />
        <DrillSection />
      </div>
    </>
  );
}
