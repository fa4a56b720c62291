/** How a message to a patient leaves (issue #27.3): the staff page says it after 'Message to the patient'. */
export type MessageDelivery = {
  channel: 'sms' | 'whatsapp' | 'email';
  /** When it goes: now, or 08:00 Lagos time when sent in the quiet hours (ISO-8601 UTC). */
  notBefore: string;
};

export const deliveryChannelLabels: Record<MessageDelivery['channel'], string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'e-mail',
};
