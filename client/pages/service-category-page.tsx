import { useLocation, useParams } from 'wouter';
import { paths } from '../app/paths';
import { ServerContent } from '../components/server-content';
import { findCategory, findPatientService, findProviderService } from '../content/services-catalogue';
import { ServiceCategory } from '../features/services/service-category';
import { ServiceDetail, ServiceNotFound } from '../features/services/service-detail';
import '../styles/catalogue.css';

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
      {import.meta.env.SSR ? <ServiceContent slug={slug} provider={provider} /> : null}
    </ServerContent>
  );
}

/**
 * Resolution order: category, then service of the route's audience; /services/{slug} also serves provider slugs (the
 * footer links them).
 */
function ServiceContent({ slug, provider }: { slug: string; provider: boolean }) {
  const category = findCategory(provider ? 'provider' : 'patient', slug);
  if (category) return <ServiceCategory category={category} />;
  const service = provider ? findProviderService(slug) : (findPatientService(slug) ?? findProviderService(slug));
  return service ? <ServiceDetail service={service} /> : <ServiceNotFound />;
}
