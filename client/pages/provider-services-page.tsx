import { ServerContent } from '../rendering/server-content';
import { ServicesOverview } from '../features/services/services-overview.server';
import '../styles/catalogue.css';

/** /services/provider: the provider categories (the provider detail pages' back link lands here). */
export default function ProviderServicesPage() {
  return (
    <ServerContent id="services">
      <ServicesOverview only="provider" />
    </ServerContent>
  );
}
