import { ServerContent } from '../rendering/server-content';
import { NewsletterForm } from '../features/forms/newsletter/newsletter-form';
import '../styles/catalogue.css';
import { ResourcesContent } from './resources-page.server';

/**
 * /resources: support card, 'coming soon' cards, company news (#news), the gallery
 * (#gallery), careers (#careers) and the newsletter sign-up (the one island).
 */
export default function ResourcesPage() {
  return (
    <>
      <ServerContent id="resources">
        <ResourcesContent />
      </ServerContent>
      <div className="app-section">
        <div className="app-container app-prose">
          <NewsletterForm />
        </div>
      </div>
    </>
  );
}
