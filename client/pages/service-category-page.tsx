import { useLocation, useParams } from 'wouter';
import { paths } from '../app/paths';
import { ServerContent } from '../rendering/server-content';
import '../styles/catalogue.css';
import { ServiceContent } from './service-category-page.server';

/**
 * /services/{slug} and /services/provider/{slug}. The two spec routes
 * /services/{categorySlug} and /services/{slug} share one pattern, so the
 * server-side content resolves the slug (category first, then service).
 */
export default function ServiceCategoryPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const [pathname] = useLocation();
  const provider = pathname.startsWith(`${paths.providerServices()}/`);
  return (
    <ServerContent id="service">
      <ServiceContent slug={slug} provider={provider} />
    </ServerContent>
  );
}
