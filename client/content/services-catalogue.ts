import type { IconName } from '../components/icon';
import type { IllustrationKey } from '../components/illustration';
import { EMERGENCY_NUMBERS } from '../../shared/constants';

/**
 * The one services catalogue. The /services index, the category pages and the
 * service detail pages all read from here (spec section 2 and entities in section 3).
 */

export type Audience = 'patient' | 'provider';

export type ServiceFeatureGroup = { subTitle: string; items: string[] };

export type ServiceActionButton = { text: string; href: string };

export type ServiceEntry = {
  slug: string;
  audience: Audience;
  title: string;
  /** 2-4 plain-language sentences. */
  description: string;
  icon: IconName;
  /** 4-8 features, or sub-groups (research-and-project-management only). */
  features: string[] | ServiceFeatureGroup[];
  imageKey: IllustrationKey | null;
  actionButton?: ServiceActionButton;
  /** Renders a dedicated content block full width instead of the generic layout. */
  contentComponent?: 'international-health';
  hideImageOnDetail?: boolean;
  backHref: string;
  backLabel: string;
};

export type ServiceCategoryCard = { title: string; description: string; href: string };

export type ServiceCategory = {
  categorySlug: string;
  audience: Audience;
  categoryTitle: string;
  /** One short sentence for the card on /services. */
  categoryDescription: string;
  icon: IconName;
  imageKey: IllustrationKey;
  cards: ServiceCategoryCard[];
  layout: 'list' | 'two-column';
};

export type InternationalHealthCategory = {
  title: string;
  items: { title: string; description: string }[];
};

const emergencyLine = `call ${EMERGENCY_NUMBERS.join(' or ')}`;

const patientBack = { backHref: '/services', backLabel: 'Back to Services' } as const;
const internationalBack = {
  backHref: '/services/international-health-services',
  backLabel: 'Back to International Health Services',
} as const;
const providerBack = { backHref: '/services/provider', backLabel: 'Back to Provider Services' } as const;

const orderService = (slug: string): ServiceActionButton => ({
  text: 'Order This Service',
  href: `/services/order-service?service=${slug}`,
});
const talkToOurTeam: ServiceActionButton = { text: 'Talk to Our Team', href: '/contact' };

/** Narrows an entry's features to the grouped form (research-and-project-management). */
export function isGroupedFeatures(features: ServiceEntry['features']): features is ServiceFeatureGroup[] {
  return features.length > 0 && typeof features[0] !== 'string';
}

export const patientServices: ServiceEntry[] = [
  {
    slug: 'virtual-consultation',
    audience: 'patient',
    title: 'Virtual Consultation',
    description:
      'Talk to a licensed doctor by video or voice call from your phone or computer, without sitting in traffic. The doctor listens, asks questions and gives advice. Where it is safe, they can send a prescription or a lab test request. If you need to be examined in person, the doctor will tell you where to go.',
    icon: 'video',
    features: [
      'Video or voice calls that work on most smartphones',
      'Voice-only option when your network is weak',
      'General doctors, with referral to a specialist when needed',
      'E-prescriptions you can take to a pharmacy near you',
      'Lab test requests and help understanding your results',
      'Visit notes saved to your health record',
      'Appointment reminders by SMS or WhatsApp',
    ],
    imageKey: 'telehealth',
    actionButton: { text: 'Book a Consultation', href: '/services/book-appointment' },
    ...patientBack,
  },
  {
    slug: 'secure-messaging',
    audience: 'patient',
    title: 'Secure Messaging',
    description: `Send non-urgent questions to your care team and get written replies in a private inbox. Use it for follow-up questions, test results and questions about your medicines. Messaging is not for emergencies: ${emergencyLine}.`,
    icon: 'message',
    features: [
      'Private messages that only you and your care team can read',
      'Attach photos of a rash, a wound or a document',
      'Replies from your care team during working hours',
      'Follow-up questions after a consultation',
      'SMS or WhatsApp alert when a reply is waiting, without the message content',
      'Your message history kept with your health record',
    ],
    imageKey: 'telehealth',
    actionButton: orderService('secure-messaging'),
    ...patientBack,
  },
  {
    slug: 'appointment-scheduling',
    audience: 'patient',
    title: 'Appointment Scheduling',
    description:
      'Request an appointment online at any time of day. Choose a virtual or in-person visit, pick a date and a time slot, and our team will contact you to confirm. Reminders help you not to miss it.',
    icon: 'calendar',
    features: [
      'Request virtual or in-person appointments online',
      'Choose a preferred date and a one-hour time slot',
      'Confirmation from our team by phone, email or WhatsApp',
      'Reminders before your appointment',
      'Change or cancel by contacting our team',
      'Book on behalf of a family member',
    ],
    imageKey: 'telehealth',
    actionButton: { text: 'Book an Appointment', href: '/services/book-appointment' },
    ...patientBack,
  },
  {
    slug: 'health-record-access',
    audience: 'patient',
    title: 'Health Record Access',
    description:
      'See your health information in one place: visit notes, test results, prescriptions, allergies and vaccinations. You can share it with another doctor or hospital when you choose. Your record is handled in line with the Nigeria Data Protection Act (NDPA) 2023.',
    icon: 'file-text',
    features: [
      'Visit summaries and doctor’s notes',
      'Lab and scan results',
      'Current and past prescriptions',
      'Allergies, long-term conditions and vaccination history',
      'Download your record or share it with another provider, with your consent',
      'Easy to open on a phone, even on a slow connection',
    ],
    imageKey: 'personal-health',
    actionButton: orderService('health-record-access'),
    ...patientBack,
  },
  {
    slug: 'prescription-management',
    audience: 'patient',
    title: 'Prescription Management',
    description:
      'Keep track of your medicines, get reminders to take them and request refills before you run out. Prescriptions from our doctors can be filled at a registered pharmacy of your choice, or delivered where delivery is available. A doctor reviews every refill request.',
    icon: 'pill',
    features: [
      'E-prescriptions you can use at a pharmacy registered with the Pharmacy Council of Nigeria',
      'One list of your medicines, with dose and timing',
      'Reminders by SMS or WhatsApp to take your medicine',
      'Refill requests reviewed by a doctor',
      'Delivery to your home or office where available',
      'Advice on side effects and on medicines that should not be taken together',
    ],
    imageKey: 'personal-health',
    actionButton: orderService('prescription-management'),
    ...patientBack,
  },
  {
    slug: 'family-accounts',
    audience: 'patient',
    title: 'Family Accounts',
    description:
      'Manage care for your children, parents or other relatives from one account. Book visits for them and keep their records and reminders in order. Adult family members choose what they share and keep control of their own information.',
    icon: 'users',
    features: [
      'Add children, parents and other dependants to one account',
      'Book consultations and appointments for family members',
      'A separate health record for each person',
      'Vaccination and check-up reminders for children',
      'Medicine reminders for older relatives',
      'Sharing settings so each adult decides who sees their information',
    ],
    imageKey: 'personal-health',
    actionButton: orderService('family-accounts'),
    ...patientBack,
  },
  {
    slug: 'wellness-programs',
    audience: 'patient',
    title: 'Wellness Programs',
    description:
      'Guided programmes to help you eat better, move more, sleep well and manage stress. A coach or health professional sets goals with you and checks on your progress. Plans fit everyday Nigerian meals and busy city schedules.',
    icon: 'heart',
    features: [
      'A personal plan based on a short health check',
      'Weight management and healthy eating with local foods',
      'Simple exercise plans for home, office or gym',
      'Support for keeping blood pressure and blood sugar in a healthy range',
      'Help with stress and sleep',
      'Regular check-ins with a coach or health professional',
    ],
    imageKey: 'wellness',
    actionButton: orderService('wellness-programs'),
    ...patientBack,
  },
  {
    slug: 'mental-health-support',
    audience: 'patient',
    title: 'Mental Health Support',
    description: `Talk privately with a trained counsellor or mental health professional about stress, anxiety, low mood, grief or relationship problems. Sessions take place by video, voice or chat, so you can speak from a place where you feel safe. If you are in crisis or thinking of harming yourself, ${emergencyLine} now, or go to the nearest hospital emergency department.`,
    icon: 'brain',
    features: [
      'Confidential one-to-one sessions by video, voice or chat',
      'Counselling for stress, anxiety, low mood and grief',
      'Referral to a psychiatrist when medical treatment may help',
      'Support for caregivers and families',
      'Simple self-help exercises between sessions',
      'What you share stays private, unless someone’s safety is at risk',
    ],
    imageKey: 'wellness',
    actionButton: orderService('mental-health-support'),
    ...patientBack,
  },
  {
    slug: 'symptom-checker',
    audience: 'patient',
    title: 'Symptom Checker',
    description:
      'Answer a few simple questions about how you feel and see common conditions that may match your symptoms. It can help you decide on a next step, such as booking a consultation. It is not a diagnosis and does not replace a doctor.',
    icon: 'search',
    features: [
      'Three short steps, one symptom chosen at each step',
      'Common symptoms such as fever, cough, headache and tiredness',
      'Shows up to four common conditions linked to your answers',
      'Clear advice to see a doctor, and to get urgent care when needed',
      'Free to use, with no account needed',
      'Works in the browser on any phone',
    ],
    imageKey: 'personal-health',
    actionButton: { text: 'Start Symptom Checker', href: '/self-diagnoses' },
    ...patientBack,
  },
  {
    slug: 'health-education-resources',
    audience: 'patient',
    title: 'Health Education Resources',
    description:
      'Clear, trusted health information written for everyday life in Nigeria. Topics include malaria, high blood pressure, diabetes, pregnancy, child health, mental health and travel health. Our articles are general information and do not replace advice from your doctor.',
    icon: 'book',
    features: [
      'Articles on common conditions such as malaria, high blood pressure and diabetes',
      'Guides for pregnancy, new parents and child health',
      'Tips on healthy eating, exercise and sleep',
      'Travel health advice, including vaccines and malaria prevention',
      'Short reads that load quickly on mobile data',
      'A newsletter with new articles and health tips',
    ],
    imageKey: 'wellness',
    actionButton: { text: 'Read Health Articles', href: '/blog' },
    ...patientBack,
  },
  {
    slug: 'patient-communities',
    audience: 'patient',
    title: 'Patient Communities',
    description:
      'Connect with people living with the same condition or going through the same stage of life, in moderated online groups. Share experiences, ask questions and learn from health professionals. Communities include ReproHaven, a support community for reproductive health.',
    icon: 'users',
    features: [
      'Moderated groups for long-term conditions such as diabetes and high blood pressure',
      'ReproHaven, a reproductive health support community',
      'Groups for caregivers and new parents',
      'Question-and-answer sessions with health professionals',
      'Community rules that protect privacy and respect',
      'Take part under a display name if you prefer',
    ],
    imageKey: 'community',
    actionButton: { text: 'Join a Community', href: '/signup' },
    ...patientBack,
  },
  {
    slug: 'care-plan-management',
    audience: 'patient',
    title: 'Care Plan Management',
    description:
      'If you live with a long-term condition such as high blood pressure, diabetes or asthma, or are recovering after a hospital stay, your care team builds a care plan with you. It sets out your medicines, checks, goals and follow-up visits. You, and family members you choose, can follow the plan and track progress.',
    icon: 'clipboard',
    features: [
      'A written care plan agreed with your doctor',
      'Schedules for medicines, tests and follow-up visits',
      'Home blood pressure or blood sugar readings kept in one place',
      'Reminders by SMS or WhatsApp',
      'Regular reviews by virtual consultation',
      'Shared with family caregivers when you allow it',
    ],
    imageKey: 'telehealth',
    actionButton: { text: 'Book a Consultation', href: '/services/book-appointment' },
    ...patientBack,
  },
  {
    slug: 'international-health',
    audience: 'patient',
    title: 'International Health',
    description:
      'When the treatment you need is hard to get at home, we help you get care abroad safely. We arrange second opinions from specialists, help plan your medical trip and support your follow-up care when you return to Nigeria. You make every decision, and we explain the costs before you commit.',
    icon: 'plane',
    features: [
      'Help choosing accredited hospitals and specialists abroad',
      'Second opinions on your diagnosis and treatment plan',
      'Medical trip planning: travel dates, flights, accommodation and airport transfers',
      'Medical Tourism Packages: Standard, Extra Standard, Premium and Special (Companion)',
      'Secure transfer of your medical records before you travel',
      'Follow-up care at home by virtual consultation',
    ],
    imageKey: null,
    actionButton: { text: 'Start Your Journey', href: '/signup' },
    contentComponent: 'international-health',
    hideImageOnDetail: true,
    ...patientBack,
  },
  {
    slug: 'international-clinical-trials',
    audience: 'patient',
    title: 'International Clinical Trials',
    description:
      'Clinical trials test new treatments under close medical supervision. We help you understand what taking part means, look for trials in Nigeria or abroad that may suit your condition, and talk through the benefits and risks with a doctor. Taking part is always your choice, and you can leave a trial at any time.',
    icon: 'globe',
    features: [
      'A plain-language explanation of how clinical trials work',
      'Searches of public registries such as the Pan African Clinical Trials Registry and ClinicalTrials.gov',
      'Help checking whether you may meet a trial’s entry requirements',
      'Support preparing questions for the trial team',
      'Help sharing your records with the trial team, with your consent',
      'Travel planning when the trial site is abroad',
    ],
    imageKey: 'international',
    actionButton: { text: 'Ask About Clinical Trials', href: '/contact' },
    ...internationalBack,
  },
];

export const providerServices: ServiceEntry[] = [
  {
    slug: 'health-records-management',
    audience: 'provider',
    title: 'Health Records Management',
    description:
      'Move from paper folders to secure electronic health records that your clinicians can use every day. We help you choose and set up an EHR, move existing records across and train your staff. Access controls and audit trails help you meet the Nigeria Data Protection Act (NDPA).',
    icon: 'file-text',
    features: [
      'EHR selection, setup and configuration for clinics and hospitals',
      'Digitising and migrating existing paper and electronic records',
      'Role-based access and audit trails',
      'Templates for consultations, nursing notes and referrals',
      'Links to lab, pharmacy and billing workflows',
      'Data protection setup in line with the NDPA',
      'Staff training and go-live support',
    ],
    imageKey: 'ehr',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'practice-operations',
    audience: 'provider',
    title: 'Practice Operations',
    description:
      'Run your clinic or hospital more smoothly, from the front desk to billing. We review how patients move through your facility and set up tools for appointments, queues, billing and HMO claims. The aim is shorter waits for patients and less paperwork for staff.',
    icon: 'settings',
    features: [
      'Appointment booking and patient queue management',
      'Billing, invoicing and payment tracking',
      'HMO and NHIA claims preparation and follow-up',
      'Stock tracking for drugs and consumables',
      'Patient reminders by SMS and WhatsApp',
      'Staff rosters and simple management reports',
      'A workflow review with practical recommendations',
    ],
    imageKey: 'operations',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'enterprise-systems',
    audience: 'provider',
    title: 'Enterprise Systems',
    description:
      'For hospital groups, HMOs and larger organisations that need systems to work together across sites. We plan, connect and support hospital information systems and the finance, HR and supply systems around them. Integrations use recognised health data standards where your systems support them.',
    icon: 'building',
    features: [
      'Hospital information system planning and rollout',
      'Integration between clinical, finance, HR and supply systems',
      'Reporting and central administration across several sites',
      'Data exchange using standards such as HL7 and FHIR',
      'Vendor evaluation and contract support',
      'Change management to help staff adopt new systems',
    ],
    imageKey: 'operations',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'remote-mobile-care',
    audience: 'provider',
    title: 'Remote & Mobile Care',
    description:
      'Extend your care beyond the clinic with telemedicine and mobile health tools. We help you set up virtual consultations, remote monitoring and SMS or WhatsApp follow-up that work on low-bandwidth connections. This helps you reach patients in other states, rural communities and people who cannot easily travel.',
    icon: 'smartphone',
    features: [
      'Telemedicine setup for virtual consultations',
      'Low-bandwidth video and voice-only options',
      'Remote monitoring of blood pressure, blood sugar and other readings',
      'SMS and WhatsApp reminders and follow-up',
      'Tools for community health workers and outreach teams',
      'Clinical protocols and staff training for virtual care',
    ],
    imageKey: 'clinical',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'clinical-intelligence',
    audience: 'provider',
    title: 'Clinical Intelligence',
    description:
      'Help your clinicians make safer, faster decisions with the information already in your systems. We set up decision support such as drug interaction alerts, care reminders and early warning scores, matched to your own protocols. These tools support clinical judgement; they do not replace it.',
    icon: 'lightbulb',
    features: [
      'Drug interaction and allergy alerts',
      'Reminders for screening, vaccination and follow-up',
      'Early warning scores for patients who are getting worse',
      'Checklists based on clinical guidelines and your protocols',
      'Dashboards for quality-of-care measures',
      'Regular review and tuning to avoid alert fatigue',
    ],
    imageKey: 'clinical',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'custom-health-tech',
    audience: 'provider',
    title: 'Custom Health Tech',
    description:
      'When ready-made software does not fit, we design and build digital health tools for your needs. This includes patient apps, web portals, USSD, SMS and WhatsApp services, and links to your existing systems. We build with privacy and security in mind from the start.',
    icon: 'code',
    features: [
      'Discovery workshops with your clinical and admin teams',
      'Web and mobile apps for patients and staff',
      'USSD and SMS services for basic phones, and WhatsApp services',
      'Integration with EHRs, labs, payment providers and HMOs',
      'Privacy by design and security testing',
      'Support and maintenance after launch',
    ],
    imageKey: 'technology',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'health-data-analytics',
    audience: 'provider',
    title: 'Health Data Analytics',
    description:
      'Turn the data your organisation already collects into clear reports and dashboards. We clean and link your data, build dashboards and help your team act on what they show. We follow the NDPA, and remove personal details from data wherever possible.',
    icon: 'bar-chart',
    features: [
      'Data quality review and cleaning',
      'Dashboards for patient numbers, outcomes and finances',
      'Disease surveillance and population health reports',
      'Forecasts for staffing, drugs and supplies',
      'De-identification and data protection in line with the NDPA',
      'Training for staff to read and use reports',
    ],
    imageKey: 'data',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'health-it-infrastructure',
    audience: 'provider',
    title: 'Health IT Infrastructure',
    description:
      'Reliable health systems need reliable foundations. We design, set up and support networks, servers, cloud services and backups for health facilities, with plans for power and internet outages. We also review your security so patient data stays protected.',
    icon: 'server',
    features: [
      'Network, Wi-Fi and hardware setup for clinics and hospitals',
      'Cloud and on-site server options',
      'Backup and disaster recovery plans',
      'Planning for power and internet outages',
      'Cybersecurity assessments and access controls',
      'Ongoing monitoring and technical support',
    ],
    imageKey: 'technology',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'health-advisory-training',
    audience: 'provider',
    title: 'Health Advisory & Training',
    description:
      'Practical advice and training to help your organisation adopt digital health and run better services. We work with hospitals, clinics, HMOs, NGOs and public health programmes on strategy, digital change and staff skills. Training is hands-on and can take place on site in Lagos or online.',
    icon: 'graduation-cap',
    features: [
      'Digital health strategy and roadmaps',
      'Readiness assessments before new systems go live',
      'Staff training on EHRs, telemedicine and data protection',
      'Quality improvement and patient experience programmes',
      'Guidance on regulation and NDPA compliance',
      'Leadership workshops on managing change',
    ],
    imageKey: 'training',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
  {
    slug: 'research-and-project-management',
    audience: 'provider',
    title: 'Research & Project Management',
    description:
      'Support for health research and projects, from the first idea to the final report. We help you design studies, write grant proposals, manage projects, test new ideas and meet ethics and regulatory requirements. We work with hospitals, universities, NGOs and health companies.',
    icon: 'flask',
    features: [
      {
        subTitle: 'Clinical Research Design & Coordination',
        items: [
          'Study design and protocol writing',
          'Sample size and data collection planning',
          'Site coordination and data management',
          'Monitoring and progress reports',
        ],
      },
      {
        subTitle: 'Grant Proposal & Submission Support',
        items: [
          'Finding funding calls that fit your work',
          'Proposal writing and editing',
          'Budgets and work plans',
          'Checks against the funder’s requirements before submission',
        ],
      },
      {
        subTitle: 'Healthcare Project Management',
        items: [
          'Project plans, timelines and budgets',
          'Coordination of partners and stakeholders',
          'Risk and issue tracking',
          'Monitoring, evaluation and reporting',
        ],
      },
      {
        subTitle: 'Innovation & Feasibility Studies',
        items: [
          'Needs assessments and market research',
          'Technical and financial feasibility studies',
          'Pilot design and evaluation',
          'Recommendations for scaling up',
        ],
      },
      {
        subTitle: 'Ethics & Regulatory Compliance',
        items: [
          'Applications to health research ethics committees',
          'Informed consent forms and processes',
          'Data protection plans in line with the NDPA',
          'Support with NAFDAC requirements for clinical trials',
        ],
      },
    ],
    imageKey: 'research',
    actionButton: talkToOurTeam,
    ...providerBack,
  },
];

/** Items shown by the international-health content block. Links live only in actionButton fields. */
export const internationalHealthCategories: InternationalHealthCategory[] = [
  {
    title: 'Medical Tourism Support',
    items: [
      {
        title: 'Choosing a hospital',
        description:
          'We help you compare accredited hospitals and specialists abroad, based on your condition, your budget and how far you can travel.',
      },
      {
        title: 'Medical Tourism Packages',
        description:
          'Choose the Standard, Extra Standard, Premium or Special (Companion) package. Each gives a different level of support, and we explain what is included before you decide.',
      },
      {
        title: 'Cost estimates',
        description:
          'We ask the hospital for a written treatment estimate so you know the expected costs before you travel. The hospital sets the final bill, which can change if your treatment changes.',
      },
    ],
  },
  {
    title: 'Second Opinions from Specialists Abroad',
    items: [
      {
        title: 'Records review',
        description:
          'Share your test results, scans and doctor’s reports. With your consent, we prepare them and send them securely to a specialist abroad.',
      },
      {
        title: 'Written specialist opinion',
        description:
          'A specialist reviews your case and gives a written opinion on your diagnosis and treatment options. In many cases you do not need to travel for this.',
      },
      {
        title: 'Talk it through',
        description:
          'One of our doctors goes through the opinion with you in plain language, so you can decide on next steps with your own doctor.',
      },
    ],
  },
  {
    title: 'Travel & Logistics',
    items: [
      {
        title: 'Trip planning',
        description:
          'Use our trip planner to tell us your destination, travel dates, number of travellers and preferences. We help with flights, accommodation and airport transfers.',
      },
      {
        title: 'Visa documents',
        description:
          'We help you gather the hospital letters and documents that a medical visa application usually needs. The embassy makes the visa decision.',
      },
      {
        title: 'Support while abroad',
        description:
          'You get a contact person to reach during your stay for help with appointments, interpreters and getting around.',
      },
    ],
  },
  {
    title: 'Follow-up Care at Home',
    items: [
      {
        title: 'Going-home plan',
        description:
          'Before you leave the hospital abroad, we make sure you have your discharge summary, your medicines list and clear follow-up instructions.',
      },
      {
        title: 'Virtual follow-up',
        description:
          'Check-ins by video or voice call with our doctors, and with your specialist abroad where their hospital offers this.',
      },
      {
        title: 'Care close to home',
        description:
          'We connect you with pharmacies, laboratories and physiotherapy near you for the care you still need after your trip.',
      },
    ],
  },
];

const findIn = (entries: ServiceEntry[], slug: string): ServiceEntry | undefined =>
  entries.find((entry) => entry.slug === slug);

export const findPatientService = (slug: string): ServiceEntry | undefined => findIn(patientServices, slug);

export const findProviderService = (slug: string): ServiceEntry | undefined => findIn(providerServices, slug);

/** /services/{slug} for patient entries, /services/provider/{slug} for provider entries. */
export const serviceHref = (entry: Pick<ServiceEntry, 'slug' | 'audience'>): string =>
  entry.audience === 'provider' ? `/services/provider/${entry.slug}` : `/services/${entry.slug}`;

/** A category card that repeats its service entry's title and links to it. */
function cardFor(audience: Audience, slug: string, description: string): ServiceCategoryCard {
  const entry = audience === 'provider' ? findProviderService(slug) : findPatientService(slug);
  if (!entry) throw new Error(`services-catalogue: no ${audience} service with slug "${slug}"`);
  return { title: entry.title, description, href: serviceHref(entry) };
}

const researchHref = serviceHref({ slug: 'research-and-project-management', audience: 'provider' });

export const patientCategories: ServiceCategory[] = [
  {
    categorySlug: 'telehealth-remote-care',
    audience: 'patient',
    categoryTitle: 'Telehealth & Remote Care',
    categoryDescription: 'See a doctor, book visits and follow your care plan from your phone.',
    icon: 'video',
    imageKey: 'telehealth',
    cards: [
      cardFor('patient', 'virtual-consultation', 'Talk to a licensed doctor by video or voice call, wherever you are.'),
      cardFor('patient', 'appointment-scheduling', 'Request a virtual or in-person visit at a time that suits you.'),
      cardFor(
        'patient',
        'care-plan-management',
        'A clear plan for long-term conditions, with reminders and regular reviews.',
      ),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'personal-health-management',
    audience: 'patient',
    categoryTitle: 'Personal Health Management',
    categoryDescription: 'Your records, your medicines and your family’s health in one place.',
    icon: 'clipboard',
    imageKey: 'personal-health',
    cards: [
      cardFor(
        'patient',
        'health-record-access',
        'See your results, prescriptions and visit notes, and share them when you choose.',
      ),
      cardFor(
        'patient',
        'prescription-management',
        'Medicine reminders, doctor-reviewed refills and pharmacy pickup or delivery.',
      ),
      cardFor('patient', 'family-accounts', 'Manage care for your children and older relatives from one account.'),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'wellness-preventive-health',
    audience: 'patient',
    categoryTitle: 'Wellness & Preventive Health',
    categoryDescription: 'Programmes, counselling and trusted information to help you stay well.',
    icon: 'heart',
    imageKey: 'wellness',
    cards: [
      cardFor('patient', 'wellness-programs', 'Guided plans for healthy eating, exercise, sleep and stress.'),
      cardFor(
        'patient',
        'mental-health-support',
        'Private sessions with a trained counsellor by video, voice or chat.',
      ),
      cardFor(
        'patient',
        'health-education-resources',
        'Clear articles on common conditions, pregnancy, child health and more.',
      ),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'community-support',
    audience: 'patient',
    categoryTitle: 'Community & Support',
    categoryDescription: 'Connect with people who understand what you are going through.',
    icon: 'users',
    imageKey: 'community',
    cards: [
      cardFor(
        'patient',
        'patient-communities',
        'Moderated groups where patients and caregivers share experience and support.',
      ),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'international-health-services',
    audience: 'patient',
    categoryTitle: 'International Health Services',
    categoryDescription: 'Care abroad, second opinions and clinical trials, with support at every step.',
    icon: 'plane',
    imageKey: 'international',
    cards: [
      cardFor(
        'patient',
        'international-health',
        'Second opinions, treatment abroad, trip planning and follow-up care at home.',
      ),
      cardFor(
        'patient',
        'international-clinical-trials',
        'Understand clinical trials and find ones that may suit your condition.',
      ),
    ],
    layout: 'list',
  },
];

export const providerCategories: ServiceCategory[] = [
  {
    categorySlug: 'clinical-patient-care',
    audience: 'provider',
    categoryTitle: 'Clinical & Patient Care Solutions',
    categoryDescription: 'Electronic records, virtual care and decision support for your clinicians.',
    icon: 'stethoscope',
    imageKey: 'clinical',
    cards: [
      cardFor(
        'provider',
        'health-records-management',
        'Set up secure electronic health records and move your existing records across.',
      ),
      cardFor(
        'provider',
        'remote-mobile-care',
        'Telemedicine and remote monitoring that work on low-bandwidth connections.',
      ),
      cardFor(
        'provider',
        'clinical-intelligence',
        'Alerts, reminders and early warning scores that support clinical decisions.',
      ),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'operational-admin-support',
    audience: 'provider',
    categoryTitle: 'Operational & Administrative Support',
    categoryDescription: 'Tools and processes for smoother front desks, billing and HMO claims.',
    icon: 'settings',
    imageKey: 'operations',
    cards: [
      cardFor('provider', 'practice-operations', 'Appointments, queues, billing and HMO claims that run smoothly.'),
      cardFor('provider', 'enterprise-systems', 'Connected hospital, finance, HR and supply systems across sites.'),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'technology-infrastructure',
    audience: 'provider',
    categoryTitle: 'Technology & Infrastructure',
    categoryDescription: 'Reliable IT foundations and digital health tools built for your needs.',
    icon: 'server',
    imageKey: 'technology',
    cards: [
      cardFor(
        'provider',
        'health-it-infrastructure',
        'Networks, servers, cloud, backups and security for health facilities.',
      ),
      cardFor(
        'provider',
        'custom-health-tech',
        'Apps, portals, USSD and WhatsApp services designed around your needs.',
      ),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'data-analytics',
    audience: 'provider',
    categoryTitle: 'Data & Analytics',
    categoryDescription: 'Turn your health data into clear reports and better decisions.',
    icon: 'bar-chart',
    imageKey: 'data',
    cards: [
      cardFor('provider', 'health-data-analytics', 'Clean data, clear dashboards and reports your team can act on.'),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'training-strategic-services',
    audience: 'provider',
    categoryTitle: 'Training & Strategic Services',
    categoryDescription: 'Strategy, advice and hands-on training for health teams.',
    icon: 'graduation-cap',
    imageKey: 'training',
    cards: [
      cardFor(
        'provider',
        'health-advisory-training',
        'Digital health strategy, readiness reviews and practical staff training.',
      ),
    ],
    layout: 'list',
  },
  {
    categorySlug: 'research-project-management',
    audience: 'provider',
    categoryTitle: 'Research & Project Management',
    categoryDescription: 'Support for health research and projects, from design to delivery.',
    icon: 'flask',
    imageKey: 'research',
    cards: [
      {
        title: 'Clinical Research Design & Coordination',
        description: 'Study design, protocols and day-to-day coordination of research sites.',
        href: researchHref,
      },
      {
        title: 'Grant Proposal & Submission Support',
        description: 'Find suitable funding and submit strong, complete proposals.',
        href: researchHref,
      },
      {
        title: 'Healthcare Project Management',
        description: 'Plans, budgets, partner coordination and reporting for health projects.',
        href: researchHref,
      },
      {
        title: 'Innovation & Feasibility Studies',
        description: 'Test whether a new idea or service will work before you invest in it.',
        href: researchHref,
      },
      {
        title: 'Ethics & Regulatory Compliance',
        description: 'Ethics committee applications, informed consent and data protection plans.',
        href: researchHref,
      },
    ],
    layout: 'two-column',
  },
];

export const allServices: ServiceEntry[] = [...patientServices, ...providerServices];

export const findCategory = (audience: Audience, categorySlug: string): ServiceCategory | undefined =>
  (audience === 'provider' ? providerCategories : patientCategories).find(
    (category) => category.categorySlug === categorySlug,
  );
