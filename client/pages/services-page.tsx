import { ServerContent } from '../rendering/server-content';
import { ServicesOverview } from '../features/services/services-overview.server';
import '../styles/catalogue.css';

/** /services: 'Our Services' with the patient and provider categories (server-rendered content). */
export default function ServicesPage() {
  return (
    <ServerContent id="services">
      <ServicesOverview />
    </ServerContent>
  );
}
