import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

export function PlanTripIntro() {
  return (
    <>
      <PageMeta
        title={`Plan Your Medical Trip - ${brand.name}`}
        description="Share your plans for treatment abroad: destination, dates, travellers and where you want to stay. Our international health team will contact you."
      />
      <PageHeader
        title="Plan Your Medical Trip"
        intro="Share your plans for treatment abroad. Our international health team will review them and contact you to help with hospitals, travel and where to stay."
      >
        <BackLink href={paths.internationalHealth()} label="Back to International Health" />
      </PageHeader>
    </>
  );
}
