import { PageHeader } from '@/components/page-header';
import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { buyersTexts } from '../texts';

export function BuyersPage() {
  return (
    <>
      <PageHeader
        title={buyersTexts.title}
        description={buyersTexts.description}
        breadcrumbs={[
          { label: texts.dashboardNav.breadcrumbRoot, href: paths.dashboard.root.getHref() },
          { label: buyersTexts.title },
        ]}
        back={{ href: paths.dashboard.root.getHref() }}
      />
      <UnderConstruction />
    </>
  );
}
