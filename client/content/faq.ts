import { brand } from '../../shared/brand';
import { ACCESSIBILITY_REPLY_BUSINESS_DAYS, EMERGENCY_NUMBERS } from '../../shared/constants';

/** Questions and answers shown under /contact#faq. Plain text only. */
export type FaqItem = { id: string; question: string; answer: string };

const emergencyNumbers = EMERGENCY_NUMBERS.join(' or ');

export const faqItems: FaqItem[] = [
  {
    id: 'how-virtual-consultations-work',
    question: 'How does a virtual consultation work?',
    answer:
      'Book a consultation online and choose a date and time. Our team contacts you to confirm. At the appointment time, a licensed doctor calls you by video or voice call on your phone or computer. If your network is weak, you can switch to a voice call. The doctor can give advice, send a prescription or a lab test request, or tell you where to go if you need to be seen in person.',
  },
  {
    id: 'costs-payment-and-hmos',
    question: 'How much do services cost, and can I use my HMO?',
    answer:
      'The price depends on the service. We always tell you the cost before you pay. If you have health insurance through an HMO or a scheme under the National Health Insurance Authority (NHIA), tell us your plan when you book. We will check what your plan covers, but cover depends on your HMO and your plan, so we cannot promise it in advance.',
  },
  {
    id: 'data-privacy',
    question: 'Is my health information private?',
    answer: `Yes. ${brand.name} handles your personal and health information in line with the Nigeria Data Protection Act (NDPA) 2023. Only the people involved in your care can see your records. We do not sell your data, and we share it only with your consent or when the law requires it. You can ask to see, correct or delete your information. Our Privacy Policy explains the details.`,
  },
  {
    id: 'emergencies',
    question: 'What should I do in an emergency?',
    answer: `Our online services are not for emergencies. If you or someone near you has chest pain, trouble breathing, heavy bleeding, a seizure, signs of a stroke, or thoughts of self-harm, call ${emergencyNumbers} at once, or go to the nearest hospital emergency department. Do not wait for a chat or message reply.`,
  },
  {
    id: 'prescriptions-and-pharmacies',
    question: 'Can the doctor send me a prescription? Where do I buy my medicines?',
    answer:
      'Yes, when it is safe to do so after a consultation. You receive an e-prescription that you can take to a pharmacy registered with the Pharmacy Council of Nigeria, or have your medicines delivered where delivery is available. Some medicines cannot be prescribed without an in-person examination. For repeat medicines, a doctor reviews each refill request.',
  },
  {
    id: 'international-care',
    question: 'Can you help me get treatment abroad?',
    answer:
      'Yes. Our International Health service helps you get second opinions from specialists abroad, choose a hospital, plan your trip and arrange follow-up care when you return. You can choose from the Standard, Extra Standard, Premium or Special (Companion) package, and use our trip planner to share your travel details. We explain the expected costs before you commit. Visa decisions are made by the embassy.',
  },
  {
    id: 'booking-appointments',
    question: 'How do I book, change or cancel an appointment?',
    answer:
      'Use the Book an Appointment form. Choose the service, a preferred date and, if you like, a time slot. Our team then contacts you to confirm. To change or cancel, contact us by phone, email or WhatsApp, ideally at least a day before your appointment.',
  },
  {
    id: 'symptom-checker-not-a-diagnosis',
    question: 'Is the Symptom Checker a diagnosis?',
    answer:
      'No. The Symptom Checker asks about your symptoms in three short steps and shows some common conditions that may match. It is general information only. It cannot examine you and it can be wrong. Please see a doctor about any symptom that worries you, and get urgent care for severe symptoms.',
  },
  {
    id: 'accessibility',
    question: 'Can I use the website if I have a disability?',
    answer: `We want everyone to be able to use our website. We build it to work with screen readers, keyboards and zoomed text on your phone. If something is hard to use, tell us through the contact form, by phone or by email. We reply to accessibility feedback within ${ACCESSIBILITY_REPLY_BUSINESS_DAYS} business days.`,
  },
  {
    id: 'careers',
    question: 'Are you hiring? How do I apply?',
    answer:
      'Open jobs, internships and trainings are listed in the Careers section of our Resources page. Choose a role and select Apply Now. You will need your name, email address and a link to your CV, such as a file-sharing or professional profile link. A cover letter is optional.',
  },
];
