import { brand } from '../../shared/brand';

export type PageMeta = { title: string; description: string };

export type ContentLink = { label: string; href: string };

export type WhyChooseUsIcon = 'lightbulb' | 'stethoscope' | 'trending-up';

export type WhyChooseUsCard = { title: string; description: string; icon: WhyChooseUsIcon };

export type HomeContent = {
  hero: {
    tagline: string;
    headline: string;
    intro: string;
    primaryCta: ContentLink;
    secondaryCta: ContentLink;
  };
  welcome: { heading: string; paragraphs: string[]; ctas: ContentLink[] };
  whyChooseUs: { heading: string; cards: WhyChooseUsCard[] };
  news: {
    heading: string;
    intro: string;
    viewAllLabel: string;
    viewAllHref: string;
    readMoreLabel: string;
  };
};

/** Used on every route that does not set its own title and description. */
export const defaultMeta: PageMeta = {
  title: `${brand.name} - ${brand.tagline}`,
  description:
    'Virtual doctor visits, health records, wellness support and health IT services for patients and providers in Lagos and across Nigeria.',
};

export const homeMeta: PageMeta = {
  title: `${brand.name} - ${brand.tagline}`,
  description: `${brand.name} brings care closer to you: talk to a doctor from your phone, manage your health records and get support that fits your budget.`,
};

export const homeContent: HomeContent = {
  hero: {
    tagline: brand.tagline,
    headline: 'Your Journey to Better Health Starts Here',
    intro:
      'See a doctor from your phone, keep your health records in one safe place and get care that fits your life and your budget.',
    primaryCta: { label: 'Get Started Now', href: '/signup' },
    secondaryCta: { label: 'Explore Services', href: '/services' },
  },
  welcome: {
    heading: `Welcome to ${brand.name}`,
    paragraphs: [
      `For ${brand.yearsOfExperience}, ${brand.name} has helped patients, families, clinics and hospitals in Lagos and beyond get more from digital health.`,
      'Our mission is simple: give health providers innovative tools that make their work easier, and give patients care that is accessible, affordable and personalised to their needs.',
    ],
    ctas: [
      { label: 'Explore Our Services', href: '/services' },
      { label: 'Learn More About Us', href: '/about' },
    ],
  },
  whyChooseUs: {
    heading: 'Why Choose Us',
    cards: [
      {
        title: 'Innovative Technology',
        description:
          'Telehealth, digital health records and data tools built for Nigerian clinics and for phones on slow or costly data.',
        icon: 'lightbulb',
      },
      {
        title: 'Expert Consulting',
        description:
          'Doctors, health IT specialists and analysts who know the local health system help you plan, train your team and get results.',
        icon: 'stethoscope',
      },
      {
        title: 'Improved Outcomes',
        description:
          'Earlier care, fewer missed follow-ups and better information help patients stay well and help providers deliver safer care.',
        icon: 'trending-up',
      },
    ],
  },
  news: {
    heading: 'News & Health Insights',
    intro: 'Practical health tips, company news and ideas on digital health from our team.',
    viewAllLabel: 'View All Posts',
    viewAllHref: '/blog',
    readMoreLabel: 'Read More',
  },
};
