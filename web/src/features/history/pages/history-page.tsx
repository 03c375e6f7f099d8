import { PageHeader } from '@/components/page-header';
import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { historyTexts } from '../texts';

export function HistoryPage() {
  return (
    <>
      <PageHeader
        title={historyTexts.title}
        description={historyTexts.description}
        breadcrumbs={[
          { label: texts.dashboardNav.breadcrumbRoot, href: paths.dashboard.root.getHref() },
          { label: historyTexts.title },
        ]}
        back={{ href: paths.dashboard.root.getHref() }}
      />
      <UnderConstruction />
    </>
  );
}
