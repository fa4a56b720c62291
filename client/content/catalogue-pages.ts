import type { IllustrationKey } from '../components/illustration';
import { brand } from '../../shared/brand';
import { EMERGENCY_NUMBERS } from '../../shared/constants';

/**
 * Headings, intros and meta texts of the catalogue pages (services, articles,
 * resources, careers, product, symptom checker). Rendered on the server only:
 * interactive islands read their texts from smaller modules (contact-texts.ts,
 * symptom-checker-next-steps.ts) so this file never ships as JavaScript.
 */

type Meta = { title: string; description: string };

export type ResourceCard =
  | { kind: 'link'; title: string; description: string; href: string; linkLabel: string }
  | { kind: 'coming-soon'; title: string; description: string };

export type GalleryPhoto = { imageKey: IllustrationKey; alt: string; caption: string };

const withBrand = (title: string) => `${title} - ${brand.name}`;

export const cataloguePages = {
  services: {
    meta: {
      title: withBrand('Our Services'),
      description: `Telehealth, personal health tools, wellness and international care for patients, and health IT, data and advisory services for providers.`,
    } satisfies Meta,
    title: 'Our Services',
    intro: `Care for patients and families, and tools and advice for the people who care for them. Choose an area to see what ${brand.name} offers.`,
    patientHeading: 'Patient-Centered Care',
    patientIntro:
      'See a doctor from home, manage your health records and medicines, stay well and get support, in Nigeria or abroad.',
    providerHeading: 'For Health Providers',
    providerIntro: 'Technology, data and advice for hospitals, clinics, HMOs and health programmes.',
    learnMore: 'Learn More',
  },
  providerServices: {
    meta: {
      title: withBrand('For Health Providers'),
      description:
        'Health IT, electronic records, data analytics, training and research support for hospitals, clinics, HMOs and NGOs in Nigeria.',
    } satisfies Meta,
    title: 'For Health Providers',
    intro:
      'Technology, data and advice for hospitals, clinics, HMOs and health programmes. Choose an area to see our services.',
  },
  service: {
    backToServices: 'Back to Services',
    keyFeatures: 'Key Features',
    internationalHeading: 'How we support you',
    notFound: {
      meta: {
        title: withBrand('Service Not Found'),
        description: 'The service you are looking for does not exist or has been moved.',
      } satisfies Meta,
      title: 'Service Not Found',
      text: 'We could not find the service you are looking for. It may have been moved or renamed.',
    },
  },
  blog: {
    meta: {
      title: withBrand('Blog'),
      description:
        'Plain-language health articles for everyday life in Nigeria: travel health, mental health, preventive care and digital health.',
    } satisfies Meta,
    title: 'Blog',
    intro:
      'Short, practical health articles, written for everyday life in Lagos and across Nigeria and reviewed by doctors.',
    readMore: 'Read More',
    backToBlog: 'Back to Blog',
    reviewedOn: 'Last reviewed',
    sourcesHeading: 'Sources',
    disclaimer: `This article is general information, not medical advice. For advice about your own health, talk to a doctor. In an emergency, call ${EMERGENCY_NUMBERS.join(' or ')}.`,
    notFound: {
      title: 'Blog Post Detail',
      text: 'We could not find this article. It may have been moved, or the link may be wrong. Browse all our articles on the blog.',
      description: 'This blog post could not be found.',
    },
  },
  news: {
    meta: {
      title: withBrand('News'),
      description: `Company news from ${brand.name}: new services, communities and partnerships.`,
    } satisfies Meta,
    title: 'News',
    intro: `The latest announcements from ${brand.name}.`,
    readMore: 'Read More',
    backToResources: 'Back to Resources',
    notFound: {
      meta: {
        title: withBrand('News Article Not Found'),
        description: "The news article you're looking for doesn't exist or has been moved.",
      } satisfies Meta,
      title: 'News Article Not Found',
      text: "The news article you're looking for doesn't exist or has been moved.",
    },
  },
  resources: {
    meta: {
      title: withBrand('Resources'),
      description: 'Support, company news, our gallery, careers and the newsletter, all in one place.',
    } satisfies Meta,
    title: 'Resources',
    intro: `Find answers to common questions, read our latest news, see our team at work and explore careers with ${brand.name}.`,
    cardsHeading: 'Help and support',
    comingSoon: 'Coming soon',
    unavailable: 'not available yet',
    cards: [
      {
        kind: 'link',
        title: 'FAQ & Support',
        description:
          'Answers to common questions about consultations, costs, privacy and more, and ways to reach our team.',
        href: '/contact#faq',
        linkLabel: 'Read the FAQ',
      },
      {
        kind: 'coming-soon',
        title: 'Health Rewards',
        description: 'Earn rewards for healthy habits such as check-ups, screenings and staying active.',
      },
      {
        kind: 'coming-soon',
        title: 'Events & Webinars',
        description: 'Free online talks and community events with doctors and health experts.',
      },
      {
        kind: 'coming-soon',
        title: 'Reports',
        description: 'Our reports on digital health, patient experience and our impact in Nigeria.',
      },
    ] satisfies ResourceCard[],
    newsHeading: 'Latest News',
    newsIntro: 'Announcements about our services, communities and partnerships.',
    galleryHeading: 'Gallery',
    galleryIntro: 'A look at our team and our work in the community. Scroll sideways to see more.',
    galleryScrollLabel: 'Gallery photos (scroll sideways)',
    gallery: [
      {
        imageKey: 'gallery-team',
        alt: 'Members of our team working together around a table with laptops',
        caption: 'Our team planning a new telehealth service in our Lagos office.',
      },
      {
        imageKey: 'gallery-outreach',
        alt: 'A health worker checking a woman’s blood pressure at a community health event',
        caption: 'Free blood pressure and blood sugar checks at a community health outreach.',
      },
    ] satisfies GalleryPhoto[],
    careersHeading: 'Careers',
    careersText: 'Help us make good health care easier to reach. See our open jobs, internships and trainings.',
    careersLinks: [
      { label: 'Job Opportunities', href: '/careers/job-opportunities' },
      { label: 'Internships', href: '/careers/internships' },
      { label: 'Trainings', href: '/careers/trainings' },
    ],
  },
  careers: {
    backToResources: 'Back to Resources',
    jobsMeta: {
      title: withBrand('Job Opportunities'),
      description: `Open jobs at ${brand.name}, a digital health company in Lagos, Nigeria.`,
    } satisfies Meta,
    jobsIntro: `Join ${brand.name} and help make good health care easier to reach in Nigeria.`,
    internshipsMeta: {
      title: withBrand('Internships'),
      description: `Internship programs at ${brand.name}.`,
    } satisfies Meta,
    trainingsMeta: {
      title: withBrand('Trainings'),
      description: `Workshops and courses from ${brand.name}.`,
    } satisfies Meta,
  },
  product: {
    keyFeatures: 'Key Features',
    notFound: {
      meta: {
        title: withBrand('Product Not Found'),
        description: 'The product you are looking for does not exist.',
      } satisfies Meta,
      title: 'Product Not Found',
      text: 'The product you are looking for does not exist.',
      backLabel: 'Back to Services',
    },
  },
  contact: {
    meta: {
      title: withBrand('Contact Us'),
      description: `Contact ${brand.name} in Lagos by phone, email or WhatsApp, send us a message, find our office and read answers to common questions.`,
    } satisfies Meta,
    heading: 'Get in Touch',
    intro:
      'Questions about our services, an appointment or a partnership? Call, email or send us a message and our team will get back to you.',
    detailsHeading: 'Contact details',
    addressLabel: 'Office',
    phoneLabel: 'Phone',
    emailLabel: 'Email',
    whatsappLabel: 'WhatsApp',
    whatsappText: 'Chat with us on WhatsApp',
    hoursNote: 'Our team answers calls and messages Monday to Friday, 8 am to 6 pm (West Africa Time).',
    emergencyNote: `The contact form is not for emergencies: in an emergency, call ${EMERGENCY_NUMBERS.join(' or ')}.`,
    faqHeading: 'Frequently Asked Questions',
    faqIntro: 'Select a question to see the answer.',
  },
  symptomChecker: {
    meta: {
      title: withBrand('Symptom Checker'),
      description:
        'Answer three short questions to see common conditions linked to your symptoms. General information only, not a diagnosis.',
    } satisfies Meta,
    title: 'Symptom Checker',
    intro:
      'Choose one symptom at each of three short steps to see some common conditions that can cause them, and what to do next.',
    noscript: `The symptom checker needs JavaScript to work. If you are unwell, please talk to a doctor, or call ${EMERGENCY_NUMBERS.join(' or ')} in an emergency.`,
  },
} as const;
