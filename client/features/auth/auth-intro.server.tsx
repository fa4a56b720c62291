import { brand } from '../../../shared/brand';
import { BackLink } from '../../components/back-link';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../layout/page-meta';

type AuthIntroProps = { title: string; metaDescription: string; intro: string; back: { href: string; label: string } };

/** The account pages' meta, heading, intro and back link (server-rendered HTML only). */
export function AuthIntro({ title, metaDescription, intro, back }: AuthIntroProps) {
  return (
    <>
      <PageMeta title={`${title} - ${brand.name}`} description={metaDescription} />
      <PageHeader title={title} intro={intro}>
        <BackLink href={back.href} label={back.label} />
      </PageHeader>
    </>
  );
}
