import { PageHeader, type PageHeaderProps } from '@/components/page-header';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';

type DashboardPageHeaderProps = Omit<PageHeaderProps, 'breadcrumbs' | 'back'> & {
  /** The last breadcrumb, when it should say more than the title. */
  crumb?: string;
};

/** A staff screen's header: breadcrumbs from the panel, and a link back to it on phones. */
export function DashboardPageHeader({ crumb, ...props }: DashboardPageHeaderProps) {
  const panel = paths.dashboard.root.getHref();
  return (
    <PageHeader
      {...props}
      breadcrumbs={[
        { label: texts.dashboardNav.breadcrumbRoot, href: panel },
        { label: crumb ?? props.title },
      ]}
      back={{ href: panel }}
    />
  );
}
