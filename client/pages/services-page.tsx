import { ServerContent } from '../components/server-content';
import { ServicesOverview } from '../features/services/services-overview';
import '../styles/catalogue.css';

/** /services: 'Our Services' with the patient and provider categories (server-rendered content). */
export default function ServicesPage() {
  return <ServerContent id="services">{import.meta.env.SSR ? <ServicesOverview /> : null}</ServerContent>;
}
