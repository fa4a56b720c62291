import { ContactForm, type ContactFormProps } from './contact-form';
import { OfficeMap } from './office-map';

/** The interactive part of /contact: the mailto form and the on-request map, hydrated together on first use. */
export function ContactPanel({ notify }: ContactFormProps) {
  return (
    <div className="app-catalogue__contact">
      <ContactForm notify={notify} />
      <OfficeMap />
    </div>
  );
}
