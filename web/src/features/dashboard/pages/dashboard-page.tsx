import { PlusCircle } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { dashboardTexts } from '../texts';

export function DashboardPage() {
  return (
    <>
      <PageHeader
        title={dashboardTexts.title}
        description={dashboardTexts.description}
        actions={
          <Button asChild>
            <Link to={paths.dashboard.create.getHref()}>
              <PlusCircle aria-hidden />
              {texts.dashboardNav.create}
            </Link>
          </Button>
        }
      />
      <UnderConstruction />
    </>
  );
}
