import { PageHeader } from '@/components/page-header';
import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { ticketsTexts } from '../texts';

export function TicketsPage() {
  return (
    <>
      <PageHeader
        title={ticketsTexts.title}
        description={ticketsTexts.description}
        breadcrumbs={[
          { label: texts.dashboardNav.breadcrumbRoot, href: paths.dashboard.root.getHref() },
          { label: ticketsTexts.title },
        ]}
        back={{ href: paths.dashboard.root.getHref() }}
      />
      <UnderConstruction />
    </>
  );
}
