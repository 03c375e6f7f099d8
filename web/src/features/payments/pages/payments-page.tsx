import { PageHeader } from '@/components/page-header';
import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { paymentsTexts } from '../texts';

export function PaymentsPage() {
  return (
    <>
      <PageHeader
        title={paymentsTexts.title}
        description={paymentsTexts.description}
        breadcrumbs={[
          { label: texts.dashboardNav.breadcrumbRoot, href: paths.dashboard.root.getHref() },
          { label: paymentsTexts.title },
        ]}
        back={{ href: paths.dashboard.root.getHref() }}
      />
      <UnderConstruction />
    </>
  );
}
