import { paths } from '../app/paths';
import { ButtonLink } from '../components/button-link';
import { PageHeader } from '../components/page-header';
import { NotFoundStatus, PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

export default function NotFoundPage() {
  return (
    <>
      <NotFoundStatus />
      <PageMeta
        title={`Page Not Found - ${brand.name}`}
        description="The page you are looking for does not exist or has been moved."
      />
      <PageHeader
        title="Page Not Found"
        intro="The page you are looking for does not exist or has been moved. Check the address, or use one of these links."
      />
      <div className="app-section">
        <div className="app-container app-button-row">
          <ButtonLink href={paths.home()}>Go to the home page</ButtonLink>
          <ButtonLink href={paths.services()} variant="secondary">
            Explore our services
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
