/**
 * Every brand fact in one place. Values marked PLACEHOLDER must be replaced
 * with the company's real details before launch; nothing else in the code
 * base may hard-code them.
 */
export const brand = {
  /** PLACEHOLDER: the trading name. */
  name: 'Ilera Health',
  /** URL-safe form of the name, used in slugs such as the partnerships news article. */
  slug: 'ilera-health',
  tagline: 'Innovating Health, Empowering Lives',
  /** PLACEHOLDER: office address. */
  address: {
    street: '12 Admiralty Way, Lekki Phase 1',
    city: 'Lagos',
    country: 'Nigeria',
  },
  /** PLACEHOLDER: public phone line, shown and dialled as written. */
  phone: '+234 800 000 0000',
  /** PLACEHOLDER: info mailbox that the contact form's mailto: link targets. */
  email: 'info@ilerahealth.example',
  /** PLACEHOLDER: WhatsApp number in international format without '+' (wa.me form). */
  whatsappNumber: '2348000000000',
  whatsappGreeting: 'Hello! I would like to know more about your health services.',
  /** PLACEHOLDER: social profiles. */
  social: {
    x: 'https://x.com/ilerahealth',
    instagram: 'https://www.instagram.com/ilerahealth',
    linkedin: 'https://www.linkedin.com/company/ilerahealth',
  },
  /** PLACEHOLDER: map link opened in a new tab on request (no third-party request before that). */
  mapUrl: 'https://www.openstreetmap.org/?mlat=6.4474&mlon=3.4723#map=16/6.4474/3.4723',
  yearsOfExperience: 'over seven years',
} as const;

export const whatsappLink = (text: string = brand.whatsappGreeting): string =>
  `https://wa.me/${brand.whatsappNumber}?text=${encodeURIComponent(text)}`;

export const officeAddressLine = `${brand.address.street}, ${brand.address.city}, ${brand.address.country}`;
