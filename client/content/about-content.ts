import { brand } from '../../shared/brand';

export type Leader = {
  name: string;
  title: string;
  /** Shown clamped to LEADER_BIO_LINES (3) lines. */
  bio: string;
  /** null shows the placeholder illustration. */
  imageUrl: string | null;
  /** CSS object-position for the photo crop. */
  objectPosition: string;
};

export type CompanyValue = { title: string; description: string };

export type AboutContent = {
  meta: { title: string; description: string };
  intro: { heading: string; paragraphs: string[] };
  journey: { heading: string; paragraphs: string[] };
  /** id is the anchor target for /about#mission. */
  mission: { id: 'mission'; heading: string; text: string; visionHeading: string; vision: string };
  values: { heading: string; items: CompanyValue[] };
  leadership: { heading: string; leaders: Leader[] };
};

export const aboutContent: AboutContent = {
  meta: {
    title: `About Us - ${brand.name}`,
    description: `Meet ${brand.name}: a Lagos digital health company offering telehealth, health IT, consulting and data analytics for patients and providers.`,
  },
  intro: {
    heading: `About ${brand.name}`,
    paragraphs: [
      `${brand.name} is a digital health and health technology company based in ${brand.address.city}, ${brand.address.country}.`,
      'We help patients and families get care more easily, and we help clinics, hospitals and health organisations work better with the right technology, training and data.',
    ],
  },
  journey: {
    heading: 'Our Journey',
    paragraphs: [
      `${brand.name} started in ${brand.address.city} with one goal: to make good health care easier to reach for people who face long queues, heavy traffic and high costs.`,
      `For ${brand.yearsOfExperience}, we have grown from a small team into a partner for patients, families and health providers across Nigeria and beyond.`,
      'Today we offer telehealth and virtual consultations, health IT infrastructure, healthcare consulting and training, and health data analytics, all shaped by what our patients and partners tell us they need.',
    ],
  },
  mission: {
    id: 'mission',
    heading: 'Our Mission',
    text: 'To give health providers innovative tools and to give patients care that is accessible, affordable and personalised.',
    visionHeading: 'Our Vision',
    vision:
      'A Nigeria where everyone, wherever they live, can get safe, timely and affordable health care, supported by technology that works for them.',
  },
  values: {
    heading: 'Our Values',
    items: [
      {
        title: 'Impact',
        description: 'We measure our work by the real difference it makes to the health of patients and communities.',
      },
      {
        title: 'Innovation',
        description:
          'We look for new and practical ways to solve health problems, using technology that fits local needs.',
      },
      {
        title: 'Excellence',
        description: 'We hold ourselves to high clinical, technical and ethical standards in everything we deliver.',
      },
      {
        title: 'Speed',
        description: 'We respond quickly, because in health care delays cost money, comfort and sometimes lives.',
      },
      {
        title: 'Customer Focus',
        description: 'We listen to patients and providers first and build our services around what they truly need.',
      },
      {
        title: 'Teamwork',
        description:
          'We work as one team with each other, our partners and the people we serve to get the best results.',
      },
    ],
  },
  leadership: {
    heading: 'Meet Our Leadership',
    // PLACEHOLDER people: these names, titles and bios are illustrative only and must be
    // replaced with the real leadership team (and their photos) before launch.
    leaders: [
      {
        name: 'Adaeze Okonkwo',
        title: 'Founder & CEO',
        bio: `Adaeze founded ${brand.name} after years of watching patients in Lagos struggle to reach the care they needed. She leads the company's strategy and partnerships. She has a background in public health and health management. She believes good care should not depend on where you live or how much you earn.`,
        imageUrl: null,
        objectPosition: 'center',
      },
      {
        name: 'Dr. Babatunde Adeyemi',
        title: 'Chief Medical Officer',
        bio: 'Babatunde is a medical doctor with many years of experience in general practice and hospital care in Lagos. He leads our clinical team and makes sure every virtual consultation meets safe clinical standards. He also guides the medical content on our website. He is passionate about preventive care and early treatment.',
        imageUrl: null,
        objectPosition: 'center',
      },
      {
        name: 'Chinedu Eze',
        title: 'Chief Technology Officer',
        bio: 'Chinedu leads the design and building of our telehealth platform, health records tools and IT systems. He focuses on software that is secure, private and works well on everyday phones and slow networks. He has built systems for banks and health providers across West Africa.',
        imageUrl: null,
        objectPosition: 'center',
      },
      {
        name: 'Funmilayo Ogunleye',
        title: 'Head of Consulting & Training',
        bio: 'Funmilayo helps hospitals, clinics and health organisations improve how they work. She leads our advisory projects and training programmes for doctors, nurses and administrators. She has worked with both private and public health facilities. She enjoys turning complex change into clear, practical steps.',
        imageUrl: null,
        objectPosition: 'center',
      },
      {
        name: 'Ibrahim Musa',
        title: 'Head of Data & Analytics',
        bio: 'Ibrahim leads our health data and analytics work. He helps providers turn their records into clear reports that support better decisions about patient care and resources. He is careful about privacy and makes sure data is handled safely and lawfully.',
        imageUrl: null,
        objectPosition: 'center',
      },
    ],
  },
};
