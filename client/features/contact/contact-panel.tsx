import { ContactForm, type ContactFormProps } from './contact-form';
import { OfficeMap } from './office-map';
import { SupportHours } from './support-hours';

/**
 * The interactive part of /contact: the mailto form and the on-request map, hydrated together on first use, with the
 * Chat Support hours under the map.
 */
export function ContactPanel({ notify }: ContactFormProps) {
  return (
    <div className="app-catalogue__contact">
      <ContactForm notify={notify} />
      <div>
        <OfficeMap />
        <SupportHours />
      </div>
    </div>
  );
}
