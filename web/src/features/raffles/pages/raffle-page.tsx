import { PageHeader } from '@/components/page-header';
import { UnderConstruction } from '@/components/under-construction';
import { paths } from '@/config/paths';
import { texts } from '@/config/texts';
import { rafflesTexts } from '../texts';

export function RafflePage() {
  const t = rafflesTexts.detail;
  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        breadcrumbs={[{ label: texts.publicNav.home, href: paths.home.getHref() }, { label: t.title }]}
        back={{ label: t.back, href: paths.home.getHref() }}
      />
      <UnderConstruction />
    </>
  );
}
