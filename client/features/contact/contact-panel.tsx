import type { LiveProps } from '../../rendering/island';
import { ContactForm } from './contact-form';
import { OfficeMap } from './office-map';
import { SupportHours } from './support-hours';

/**
 * The interactive part of /contact: the mailto form and the on-request map, one island loaded on first use, with the
 * Chat Support hours under the map.
 */
export function ContactPanel({ initialValues }: LiveProps) {
  return (
    <div className="app-catalogue__contact">
      <ContactForm initialValues={initialValues} />
      <div>
        <OfficeMap />
        <SupportHours />
      </div>
    </div>
  );
}
