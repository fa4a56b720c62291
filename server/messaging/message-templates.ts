/**
 * Every text sent to a patient's phone (issue #27.4). A text on a shared phone is not private: none names a diagnosis,
 * a symptom or a service, only the reference, a time, and where to read more. Each fits in 2 GSM-7 segments
 * (tests/server/messaging/message-templates.test.ts renders each at its longest and holds it to that).
 */
import { brand } from '../../shared/brand';
import { formatLagosShort } from '../../shared/lagos-date';
import { smsSize } from '../../shared/messaging/sms-encoding';

/** Most segments a text may take: two is the budget the issue sets. */
export const SMS_SEGMENT_BUDGET = 2;

type RequestParams = { reference: string; link: string; noun: string };
type TimedParams = RequestParams & { when: string };
/** `emailed`: the e-mail carries staff's words whole, so a text too short for them can say where they are. */
type MessageParams = RequestParams & { message: string; emailed: boolean };
type ChatReplyParams = { link: string; message: string };

export type TemplateParams = {
  request_received: RequestParams;
  request_confirmed: RequestParams & { when: string | null };
  request_rescheduled: TimedParams;
  request_cancelled: RequestParams;
  staff_message: MessageParams;
  chat_reply: ChatReplyParams;
  appointment_reminder: TimedParams;
  /** An earlier time freed for a waitlisted patient (issue #28.6); `link` takes it. */
  waitlist_offer: TimedParams;
  /** That earlier time went to someone else; the appointment is unchanged. */
  waitlist_gone: TimedParams;
};
export type TemplateName = keyof TemplateParams;
export type TemplateLanguage = 'en';

const stopLine = 'Reply STOP to end texts.';
const callLine = `Call ${brand.phone}.`;

/** Staff's own words, as a text carries them: on one line. */
const oneLine = (message: string) => message.replace(/\s+/g, ' ').trim();

/** Whether `text` keeps within the budget in GSM-7. */
export const fitsBudget = (text: string) => {
  const size = smsSize(text);
  return size.encoding === 'GSM-7' && size.segments <= SMS_SEGMENT_BUDGET;
};

/**
 * Staff's own words go out when they fit the budget in GSM-7 (a Yoruba tone mark or a curly quote would turn the text
 * into UCS-2 and triple its cost); otherwise the text says where the words are. Staff are told on the page that a text
 * is not private.
 */
function withOwnWords(prefix: string, message: string, pointer: string, suffix: string) {
  const whole = `${prefix}${oneLine(message)} ${suffix}`;
  return fitsBudget(whole) ? whole : `${pointer} ${suffix}`;
}

/** Whether the staff_message text carries staff's words (else only the e-mail does). */
export const staffWordsFit = (message: string, reference: string) =>
  fitsBudget(`${brand.name}, about ${reference}: ${oneLine(message)} ${stopLine}`);

const render: { [T in TemplateName]: (params: TemplateParams[T]) => string } = {
  request_received: ({ reference, link, noun }) =>
    `${brand.name}: we have your ${noun}, ref ${reference}. We will contact you soon. Track it at ${link} or ${callLine.toLowerCase()} ${stopLine}`,
  request_confirmed: ({ reference, link, noun, when }) =>
    when
      ? `${brand.name}: your ${noun} ${reference} is confirmed for ${formatLagosShort(when)} (Lagos time). To change it, ${callLine.toLowerCase()} Details: ${link} ${stopLine}`
      : `${brand.name}: your ${noun} ${reference} is confirmed. Details: ${link} or ${callLine.toLowerCase()} ${stopLine}`,
  request_rescheduled: ({ reference, link, noun, when }) =>
    `${brand.name}: your ${noun} ${reference} has moved to ${formatLagosShort(when)} (Lagos time). Details: ${link} or ${callLine.toLowerCase()} ${stopLine}`,
  request_cancelled: ({ reference, link, noun }) =>
    `${brand.name}: your ${noun} ${reference} is cancelled. Details: ${link}. Not expected? ${callLine} ${stopLine}`,
  staff_message: ({ reference, message, emailed }) =>
    withOwnWords(
      `${brand.name}, about ${reference}: `,
      message,
      emailed
        ? `${brand.name}: we e-mailed you a message about your request ${reference}. Questions? ${callLine}`
        : `${brand.name}: we have a message about your request ${reference}. Call ${brand.phone} to hear it.`,
      stopLine,
    ),
  chat_reply: ({ link, message }) =>
    withOwnWords(
      `${brand.name} chat: `,
      message,
      `${brand.name}: our team answered you in the chat.`,
      `Answer at ${link} ${stopLine}`,
    ),
  appointment_reminder: ({ reference, link, noun, when }) =>
    `${brand.name}: reminder, your ${noun} ${reference} is on ${formatLagosShort(when)} (Lagos time). To change it, ${callLine.toLowerCase()} Details: ${link} ${stopLine}`,
  waitlist_offer: ({ reference, link, noun, when }) =>
    `${brand.name}: an earlier time is free for your ${noun} ${reference}: ${formatLagosShort(when)} (Lagos time). First to take it gets it: ${link} ${stopLine}`,
  waitlist_gone: ({ reference, noun, when }) =>
    `${brand.name}: the earlier time ${formatLagosShort(when)} has been taken. Your ${noun} ${reference} is unchanged. ${stopLine}`,
};

export const TEMPLATE_NAMES = Object.keys(render) as TemplateName[];

export const isTemplateName = (name: string): name is TemplateName => name in render;

export function renderTemplate<T extends TemplateName>(
  name: T,
  params: TemplateParams[T],
  _language: TemplateLanguage = 'en',
) {
  return render[name](params);
}

/** The same, from a stored row's name and JSON params (a fallback renders the row it follows). */
export function renderStored(name: string, params: string): string {
  if (!isTemplateName(name)) throw new Error(`unknown message template '${name}'`);
  return (render[name] as (params: unknown) => string)(JSON.parse(params));
}

/**
 * The same message as an e-mail's words, when e-mail is the channel that carries it: no segment budget there, so
 * staff's message and an agent's reply go whole.
 */
export function emailTextFor(name: string, params: string): string {
  const values = JSON.parse(params) as Partial<MessageParams>;
  if (name === 'staff_message')
    return `Message from our team about your request ${values.reference}:\n\n${values.message}`;
  if (name === 'chat_reply')
    return `Our team answered you in the chat:\n\n${values.message}\n\nReply in the chat at ${values.link}`;
  return renderStored(name, params);
}
