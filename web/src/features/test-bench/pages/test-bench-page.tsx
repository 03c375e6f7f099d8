import { PageHeader } from '@/components/page-header';
import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { testBenchTexts } from '../texts';

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
      <UnderConstruction />
    </>
  );
}
