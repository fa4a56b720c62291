import { findCategory, findPatientService, findProviderService } from '../content/services-catalogue';
import { ServiceCategory } from '../features/services/service-category';
import { ServiceDetail, ServiceNotFound } from '../features/services/service-detail';

/**
 * Resolution order: category, then service of the route's audience; /services/{slug} also serves provider slugs (the
 * footer links them).
 */
export function ServiceContent({ slug, provider }: { slug: string; provider: boolean }) {
  const category = findCategory(provider ? 'provider' : 'patient', slug);
  if (category) return <ServiceCategory category={category} />;
  const service = provider ? findProviderService(slug) : (findPatientService(slug) ?? findProviderService(slug));
  return service ? <ServiceDetail service={service} /> : <ServiceNotFound />;
}
