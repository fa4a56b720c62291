import { visualAssist } from './visual-assist';
import { brand, officeAddressLine } from '../../shared/brand';
import {
  ACCESSIBILITY_REPLY_BUSINESS_DAYS,
  CHAT_RETENTION_MONTHS,
  EMERGENCY_NUMBERS,
  REQUEST_RETENTION_MONTHS,
} from '../../shared/constants';

// Plain text only. The page itself shows 'Last updated: {current date}' (spec: static pages
// show the current date), so no dates are written into these texts.

export type LegalSection = {
  /** kebab-case, unique within its page (used as the heading anchor). */
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
};

export type LegalVisualAssist = {
  heading: string;
  text: string;
  buttonLabel: string;
  toastTitle: string;
  toastDescription: string;
};

export type LegalPage = {
  slug: 'privacy-policy' | 'terms-of-service' | 'hipaa-compliance' | 'accessibility';
  title: string;
  metaDescription: string;
  intro: string;
  sections: LegalSection[];
  /** Only on the accessibility page: the 'Request Visual Assist' block. */
  visualAssist?: LegalVisualAssist;
};

const emergencyNumbers = EMERGENCY_NUMBERS.join(' or ');

const privacyPolicy: LegalPage = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  metaDescription: `How ${brand.name} collects, uses and protects your personal and health data under Nigeria's Data Protection Act 2023 and HIPAA.`,
  intro: `This policy explains, in plain words, what personal data ${brand.name} collects, why we collect it, how long we keep it and what your rights are. We follow the Nigeria Data Protection Act 2023 (NDPA), and we also follow the US Health Insurance Portability and Accountability Act (HIPAA) when we handle health information of US patients.`,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      paragraphs: [
        `${brand.name} is a digital health and health technology company. Our office is at ${officeAddressLine}.`,
        `We are the data controller for the personal data described in this policy. This means we decide how and why it is used, and we are responsible for protecting it. Our work is overseen by the Nigeria Data Protection Commission (NDPC).`,
        `For any question about your data, write to us at ${brand.email} or call ${brand.phone}.`,
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      paragraphs: [
        'We only collect what you give us through our forms and your account, plus basic technical information needed to run the site:',
      ],
      list: [
        'Newsletter: your e-mail address.',
        'Job applications: your name, contact details, the role you are applying for, your CV details and cover letter.',
        'Service orders: your name, contact details, the service you want and any message you add.',
        'Appointment requests: your name, contact details, the service, your preferred date and time, and any notes about your health that you choose to share.',
        'Medical trip plans: your name, contact details, travel dates, number of travellers, the package, accommodation and activity choices, and any health needs you tell us about.',
        'Chat messages: what you type in the Chat Support panel.',
        'Updates on your phone: if you ask for them, your mobile number, whether you agreed to updates by SMS or WhatsApp (when, where and with what wording), and the texts we sent you with their delivery status. The texts give your reference and times, never health details.',
        'Your account: your name, e-mail address and a hashed (scrambled) form of your password. We never store or see your actual password.',
        'Technical logs: basic records such as errors and the time of a request, set up so that they do not contain personal data.',
      ],
    },
    {
      id: 'why-we-use-it',
      heading: 'Why we use your data and our lawful bases',
      paragraphs: [
        'The NDPA only allows us to use personal data when we have a lawful basis. Health details are sensitive personal data, so we use them only with your clear consent or where the law otherwise allows, for example to give you care.',
      ],
      list: [
        'Consent: to send you our newsletter and to use any health details you choose to share in a form or chat. You can withdraw consent at any time.',
        'Contract: to create and run your account, and to arrange the consultations, services, appointments and trips you ask for.',
        'Legitimate interest: to answer your messages, consider your job application, keep the site secure and fix problems, in ways you would reasonably expect.',
        "Vital interest: in an emergency, to protect your life or someone else's, for example by passing information to emergency services.",
        'Legal obligation: where a law or a court requires us to keep or share information.',
      ],
    },
    {
      id: 'how-long-we-keep-it',
      heading: 'How long we keep your data',
      paragraphs: ['We keep your data only as long as we need it, then delete it or make it anonymous:'],
      list: [
        `Form submissions (job applications, service orders, appointment requests and medical trip plans): while we handle your request, then ${REQUEST_RETENTION_MONTHS} months after it is closed (done or cancelled), when your name, contact details and what you wrote are removed.`,
        `Chat messages: ${CHAT_RETENTION_MONTHS} months from the date they are sent.`,
        'Your account: until you delete it. Deleting your account removes your name, e-mail and password.',
        'Newsletter: until you unsubscribe.',
        'Technical logs: 30 days.',
        'Where the law requires us to keep a medical or financial record for longer, we keep only that record, and only for as long as the law requires.',
      ],
    },
    {
      id: 'who-we-share-it-with',
      heading: 'Who we share your data with',
      paragraphs: [
        'We never sell your personal data, and we do not share it for advertising.',
        'We share it only when needed to serve you: with the doctors, clinics, hospitals and travel partners involved in the care or trip you ask for, and with processors who work for us, such as our hosting, e-mail and text message (SMS) providers. Processors may only use your data on our written instructions and must keep it safe and confidential.',
        "We may also share data when the law requires it, or to protect someone's life in an emergency.",
      ],
    },
    {
      id: 'international-transfers',
      heading: 'Sending data outside Nigeria',
      paragraphs: [
        'Some of our service providers, and the partners for international care and medical trips, may be outside Nigeria.',
        'If you ask for updates by WhatsApp, your number and our messages pass through WhatsApp, run by Meta, which stores them outside Nigeria. You agree to that transfer when you tick the box, and you can end it at any time by replying STOP or on your account page.',
        'We only send personal data abroad when the NDPA allows it: for example, when the other country gives adequate protection, when there are proper safeguards such as data protection clauses in our contracts, or when you agree to the transfer after we have explained the risks. For US patients, we also apply HIPAA safeguards.',
      ],
    },
    {
      id: 'how-we-protect-it',
      heading: 'How we protect your data',
      paragraphs: ['We use technical and organisational measures to keep your data safe, including:'],
      list: [
        'Encrypted connections (HTTPS) between your device and our site.',
        'Passwords stored only in hashed form.',
        'Secure session cookies that scripts on the page cannot read.',
        'Access to personal data limited to staff who need it for their work, who are bound by confidentiality.',
        'Regular backups, updates and security checks.',
        'A plan for data breaches: if a breach is likely to put your rights at risk, we tell the NDPC within 72 hours of becoming aware of it, and we tell you without delay if the risk to you is high.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights under the NDPA',
      paragraphs: ['You have the right to:'],
      list: [
        'Be told how your data is used, as this policy does.',
        'Access the personal data we hold about you.',
        "Get a copy of your data in a common, machine-readable format. If you have an account, use 'Download my data' in your dashboard settings.",
        'Have wrong or incomplete data corrected.',
        "Have your data deleted. If you have an account, use 'Delete my account' in your dashboard settings.",
        'Restrict how we use your data while a concern is being checked.',
        'Object to our use of your data, including for direct marketing.',
        'Withdraw your consent at any time. This does not affect what we did before you withdrew it.',
        'Not be subject to decisions made only by automated means that seriously affect you. We do not make such decisions.',
        'Complain to the Nigeria Data Protection Commission (NDPC), the regulator, at ndpc.gov.ng.',
      ],
    },
    {
      id: 'how-to-ask',
      heading: 'How to use your rights',
      paragraphs: [
        `Write to us at ${brand.email} and say which right you want to use. We may ask you to confirm who you are, so that we never give your data to the wrong person.`,
        'We do not charge for this. We aim to reply within 30 days and will tell you if we need more time.',
        'If you are not happy with our answer, you can complain to the NDPC. We would like the chance to help first.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      paragraphs: [
        'Our site and accounts are meant for adults aged 18 and over. We do not knowingly collect personal data from children without the consent of a parent or guardian.',
        `Parents and guardians can manage care for their children through family accounts. If you think a child has given us personal data without consent, contact us at ${brand.email} and we will delete it.`,
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      paragraphs: [
        'We use only essential cookies that the site needs to work. We do not use advertising, tracking or analytics cookies.',
        'The map of our office opens on an outside website only when you choose to open it, so no third party is contacted before that.',
      ],
      list: [
        'Session cookie: keeps you signed in to your account. It ends when you log out or when the session expires.',
        'Chat visitor cookie: links you to your own Chat Support conversation so replies reach you.',
      ],
    },
    {
      id: 'changes-to-this-policy',
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy when our services or the law change. The date at the top of this page shows when it was last updated.',
        'If we make an important change, we will tell account holders and newsletter subscribers by e-mail.',
      ],
    },
  ],
};

const termsOfService: LegalPage = {
  slug: 'terms-of-service',
  title: 'Terms of Service',
  metaDescription: `The terms for using the ${brand.name} website, patient account and telehealth services, including medical and emergency limits.`,
  intro: `These terms explain the rules for using the ${brand.name} website, your account and our services. By using the site, you agree to them. Please read them carefully, and contact us if anything is unclear.`,
  sections: [
    {
      id: 'using-this-site',
      heading: 'Using this site',
      paragraphs: [
        `This site is run by ${brand.name}, ${officeAddressLine}. You may use it to learn about health, find our services, send requests and manage your account.`,
        'You must give true and correct information in our forms. We may change, pause or stop parts of the site at any time, for example for maintenance.',
      ],
    },
    {
      id: 'not-medical-advice',
      heading: 'Not medical advice and not for emergencies',
      paragraphs: [
        'The articles, tips and other content on this site are general health information. They are not medical advice and do not replace a visit to a qualified health professional who knows your situation.',
        'The Symptom Checker is not a diagnostic tool. It can suggest possible common conditions, but only a doctor can tell you what is wrong.',
        `Do not use this site, the chat or a form for emergencies. If you or someone near you is seriously ill or injured, call ${emergencyNumbers} in Lagos right away, or go to the nearest hospital emergency unit.`,
      ],
    },
    {
      id: 'your-account',
      heading: 'Your account',
      paragraphs: [
        'You must be 18 or older to create an account. Parents and guardians may manage care for their children.',
        `Keep your password secret and do not share your account. You are responsible for what happens under your account. If you think someone else has used it, change your password and contact us at ${brand.email}.`,
        "You can close your account at any time with 'Delete my account' in your dashboard settings. We may suspend or close accounts that break these terms.",
      ],
    },
    {
      id: 'telehealth-services',
      heading: 'Telehealth and other services',
      paragraphs: [
        'Virtual consultations are given by doctors and health professionals licensed to practise in Nigeria, or in the country where the care is given.',
        'Virtual care has limits. A doctor cannot examine you in person, so they may ask you to visit a clinic, have tests or go to hospital. Please follow that advice.',
        'Prescriptions are issued only when the doctor judges it safe and the law allows. Fees, if any, are agreed with you before a service starts. Details for each service, order, appointment or trip are confirmed with you directly.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      paragraphs: ['When you use our site and services, you must not:'],
      list: [
        "Break any law or anyone else's rights.",
        'Pretend to be someone else or give false information.',
        'Send abusive, threatening or offensive messages to our staff, doctors or other users.',
        'Try to get into accounts, systems or data that are not yours.',
        'Send viruses or harmful code, or try to overload or disrupt the site.',
        'Copy large parts of the site by automated means.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      paragraphs: [
        `The text, images, logos, designs and software on this site belong to ${brand.name} or the people who licensed them to us.`,
        'You may view and print pages for your own personal, non-commercial use. You may not copy, sell or reuse our content in other ways without our written permission.',
      ],
    },
    {
      id: 'links-to-other-sites',
      heading: 'Links to other websites',
      paragraphs: [
        'Our site may link to other websites, such as maps, social media or partner sites. We do not control them and are not responsible for their content or privacy practices.',
      ],
    },
    {
      id: 'limits-of-liability',
      heading: 'Limits of our liability',
      paragraphs: [
        'We work hard to keep the site accurate and available, but we cannot promise it will always be error-free or running without breaks.',
        'As far as the law allows, we are not responsible for any loss caused by relying on general information on this site instead of getting medical advice, or for indirect losses such as lost income.',
        'Nothing in these terms limits our responsibility where the law does not allow it to be limited, for example for death or personal injury caused by our negligence.',
      ],
    },
    {
      id: 'privacy',
      heading: 'Your privacy',
      paragraphs: [
        'Our Privacy Policy explains how we collect and protect your personal data under the Nigeria Data Protection Act 2023. Our HIPAA Compliance page explains how we protect the health information of US patients.',
      ],
    },
    {
      id: 'changes-to-these-terms',
      heading: 'Changes to these terms',
      paragraphs: [
        'We may update these terms from time to time. The date at the top of this page shows when they were last updated. If you keep using the site after a change, the new terms apply.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of the Federal Republic of Nigeria. Any dispute will be handled by the courts of Lagos State, Nigeria, unless the law gives you the right to go to another court.',
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact us',
      paragraphs: [
        `Questions about these terms? Write to us at ${brand.email}, call ${brand.phone}, or visit us at ${officeAddressLine}.`,
      ],
    },
  ],
};

const hipaaCompliance: LegalPage = {
  slug: 'hipaa-compliance',
  title: 'HIPAA Compliance',
  metaDescription: `How ${brand.name} protects US patients' health information under HIPAA, alongside Nigeria's Data Protection Act 2023.`,
  intro: `${brand.name} is based in Nigeria, but some of our patients and partners are in the United States. This page explains how we protect their health information under HIPAA, alongside our duties under Nigerian law.`,
  sections: [
    {
      id: 'what-is-hipaa',
      heading: 'What HIPAA is',
      paragraphs: [
        'HIPAA is the Health Insurance Portability and Accountability Act, a United States law from 1996. Its rules protect the privacy and security of health information that can identify a person, called protected health information (PHI).',
        'The main parts are the Privacy Rule (who may use and share PHI), the Security Rule (how electronic PHI must be protected) and the Breach Notification Rule (who must be told when PHI is exposed).',
      ],
    },
    {
      id: 'when-it-applies',
      heading: 'When HIPAA applies to us',
      paragraphs: [
        'HIPAA is a US law. It applies to our work when we handle protected health information of US patients, for example through international care, international clinical trials or services we provide for US health organisations.',
        "In those cases we follow HIPAA's requirements for that information. For all other patients, we follow the Nigeria Data Protection Act 2023 and the other laws that apply.",
        'There is no official government "HIPAA certification". Instead, we keep a compliance programme with written policies, risk assessments and staff training.',
      ],
    },
    {
      id: 'administrative-safeguards',
      heading: 'Administrative safeguards',
      paragraphs: ['These are the policies and people that keep information safe:'],
      list: [
        'A named person responsible for privacy and security.',
        'Regular risk assessments and a plan to reduce the risks we find.',
        'Privacy and security training for all staff who handle health information.',
        'Access given only to staff who need it for their work, and removed when they leave.',
        'Clear steps for handling and reporting security incidents.',
      ],
    },
    {
      id: 'physical-safeguards',
      heading: 'Physical safeguards',
      paragraphs: ['These protect the places and devices where information is kept:'],
      list: [
        'Servers kept in secure, access-controlled data centres run by our hosting providers.',
        'Office areas and devices protected against unauthorised access.',
        'Safe disposal of devices and paper records that held health information.',
      ],
    },
    {
      id: 'technical-safeguards',
      heading: 'Technical safeguards',
      paragraphs: ['These are the technology controls built into our systems:'],
      list: [
        'Encryption of data sent over the internet (HTTPS).',
        'Unique user accounts, hashed passwords and secure sessions that end when you log out or after a period of inactivity.',
        'Audit logs of access to health records.',
        'Regular backups, software updates and security testing.',
      ],
    },
    {
      id: 'business-associate-agreements',
      heading: 'Business associate agreements',
      paragraphs: [
        'When we handle PHI on behalf of a US health provider or health plan, we act as their business associate and sign a business associate agreement (BAA) with them.',
        'We also sign BAAs with our own service providers who may handle that PHI, so that they must protect it to the same standard.',
      ],
    },
    {
      id: 'breach-notification',
      heading: 'Breach notification',
      paragraphs: [
        'If unsecured PHI is exposed, we follow the HIPAA Breach Notification Rule. We tell the affected people without unreasonable delay and no later than 60 days after the breach is discovered, and we inform our partners and the US authorities as the rule requires.',
        "Under the Nigeria Data Protection Act 2023, we also notify the Nigeria Data Protection Commission within 72 hours when a breach is likely to put people's rights at risk.",
      ],
    },
    {
      id: 'patients-rights',
      heading: 'Your rights as a patient',
      paragraphs: ['Under HIPAA, US patients have the right to:'],
      list: [
        'See and get a copy of their health records.',
        'Ask for corrections to records they believe are wrong or incomplete.',
        'Get a list of certain disclosures of their health information.',
        'Ask us to limit how their information is used or shared.',
        'Ask to be contacted in a particular way or at a particular address.',
        'Get a notice of privacy practices explaining how their information is used.',
        'Complain to us, or to the US Department of Health and Human Services Office for Civil Rights, without fear of retaliation.',
      ],
    },
    {
      id: 'hipaa-and-ndpa',
      heading: 'HIPAA alongside Nigerian law',
      paragraphs: [
        'In Nigeria, the Nigeria Data Protection Act 2023 (NDPA) protects personal data, and it treats health data as sensitive. Where both laws apply, we follow the stricter rule.',
        'Our Privacy Policy explains your rights under the NDPA, including how to get a copy of your data or delete your account.',
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact us',
      paragraphs: [
        `For questions about HIPAA, our safeguards or your health information, write to us at ${brand.email} or call ${brand.phone}. Our office is at ${officeAddressLine}.`,
      ],
    },
  ],
};

const accessibility: LegalPage = {
  slug: 'accessibility',
  title: 'Accessibility Statement',
  metaDescription: `How ${brand.name} makes its website usable for everyone, including people with disabilities, and how to tell us about a problem.`,
  intro: `${brand.name} wants everyone to be able to use this website, including people with disabilities and people using older phones or slow connections. This statement explains what we do, where we still fall short and how to reach us.`,
  sections: [
    {
      id: 'our-commitment',
      heading: 'Our commitment',
      paragraphs: [
        'We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. These are the international guidelines for making websites usable by people with a wide range of disabilities.',
        'We check accessibility when we build new pages and fix problems as we find them.',
      ],
    },
    {
      id: 'what-works',
      heading: 'What you can do on this site',
      paragraphs: ['You should be able to:'],
      list: [
        'Use every page, menu, form and the chat with a keyboard alone.',
        'Use a screen reader, such as TalkBack, VoiceOver or NVDA.',
        'Zoom in up to 200% without text being cut off or hidden.',
        'Hear or read text descriptions of meaningful images.',
        'Get clear error messages that tell you how to fix a form.',
        'Use the site on small phone screens and on slow or costly mobile data.',
      ],
    },
    {
      id: 'known-limitations',
      heading: 'Known limitations',
      paragraphs: ['We know some parts are not yet fully accessible:'],
      list: [
        'Some older images and photos may not have detailed text descriptions yet.',
        'The map of our office opens on an outside website that we do not control, and it may not work well with all assistive technology. Our full address is always shown as text.',
        'Documents or pages provided by partners may not meet the same standard.',
      ],
    },
    {
      id: 'how-we-test',
      heading: 'How we check',
      paragraphs: [
        'We test our pages with automated accessibility checks, by using them with a keyboard only, and with screen readers on phones and computers. We also zoom pages to 200% and try them on small screens.',
      ],
    },
    {
      id: 'alternative-formats',
      heading: 'Other ways to get our information',
      paragraphs: [
        `If you cannot use any part of this site, we can help in another way, for example by phone or e-mail, or by sending information in a format that works for you. Call ${brand.phone} or write to ${brand.email}.`,
      ],
    },
    {
      id: 'feedback',
      heading: 'Feedback and contact',
      paragraphs: [
        `If you find a problem with accessibility on this site, please tell us. Write to ${brand.email} or call ${brand.phone}. Tell us the page and what went wrong, and which device or assistive technology you use if you can.`,
        `We answer accessibility feedback within ${ACCESSIBILITY_REPLY_BUSINESS_DAYS} business days.`,
      ],
    },
  ],
  visualAssist,
};

export const legalPages: Record<LegalPage['slug'], LegalPage> = {
  'privacy-policy': privacyPolicy,
  'terms-of-service': termsOfService,
  'hipaa-compliance': hipaaCompliance,
  accessibility,
};
