/** One view of the patient beside a conversation or a request (issue #29.4): who they are and what else they sent. */
import { z } from 'zod';
import type { ConversationStatus } from './chat-events';
import type { RequestStatus, RequestType } from './requests';

/** How another request or conversation was found to be the same person's. */
export type PatientMatch = 'account' | 'email' | 'phone';

export type PatientPanel = {
  name: string | null;
  email: string | null;
  /** E.164, for the tel: link; `phoneMobile` says whether a WhatsApp link makes sense (ADR 0031). */
  phone: string | null;
  phoneMobile: boolean;
  requests: {
    id: number;
    reference: string;
    type: RequestType;
    subject: string;
    status: RequestStatus;
    createdAt: string;
    matchedBy: PatientMatch[];
  }[];
  conversations: {
    id: number;
    shortId: string;
    status: ConversationStatus;
    lastActivityAt: string;
    matchedBy: PatientMatch[];
  }[];
};

const positiveId = z.number({ error: 'The id must be a number.' }).int().positive();

/** Exactly one of a conversation or a request. */
export const patientPanelSchema = z.union([
  z.strictObject({ conversationId: positiveId }),
  z.strictObject({ requestId: positiveId }),
]);

export const patientMatchLabels: Record<PatientMatch, string> = {
  account: 'same account',
  email: 'same e-mail',
  phone: 'same phone',
};

/** The https://wa.me/ link of an E.164 number ('+2348031234567' → https://wa.me/2348031234567). */
export const whatsAppLink = (e164: string) => `https://wa.me/${e164.replace(/^\+/, '')}`;
