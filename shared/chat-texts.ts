import { brand } from './brand';
import { CHAT_MESSAGE_MAX_LENGTH, EMERGENCY_NUMBERS } from './constants';

const emergencyNumbers = EMERGENCY_NUMBERS.join(' or ');

/** Every text of the live support chat (spec sections 4, 8 and 9), shared by the widget, the console and the server. */
export const chatTexts = {
  panelTitle: 'Chat Support',
  launcherLabel: 'Open Chat Support',
  closeLabel: 'Close Chat Support',
  greeting: 'Hello! How can I help you today?',
  botTyping: 'Bot is typing...',
  agentTyping: (name: string) => `${name} is typing...`,
  /**
   * The canned reply (spec section 9): a representative will be with you shortly; urgent matters; general inquiries.
   */
  botReply: `Thank you for your message. A representative will be with you shortly. For urgent matters, please contact us directly by phone on ${brand.phone} or on WhatsApp. This chat is for general inquiries.`,
  /** Sent at once, before the usual reply, when a message contains a red-flag word. */
  emergencyReply: `This may be an emergency. Call ${emergencyNumbers} now (Lagos emergency numbers), or go to the nearest hospital emergency department. Do not wait for a reply in this chat.`,
  inputLabel: 'Type your message',
  inputHint: 'Press Enter to send, Shift+Enter for a new line.',
  sendLabel: 'Send message',
  sending: 'Sending...',
  you: 'You',
  bot: 'Support bot',
  agentJoined: (name: string) => `${name} from our support team has joined the chat.`,
  agentLeft: (name: string) => `${name} has left the chat. Our bot will answer for now.`,
  connecting: 'Connecting to Chat Support...',
  offline: 'You are offline. We will send your messages when the connection is back.',
  /** The spec's failure toast (section 8). */
  errorTitle: 'Message Error',
  errorDescription: 'Could not send message. Please try again.',
  emptyMessage: 'Please type a message before sending.',
  controlCharacters: 'Remove the unsupported characters from this message.',
  tooLong: `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  rateLimited: (retryAfterSeconds: number) =>
    `You are sending messages very quickly. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds))} seconds and try again.`,
  tooManyConnections: 'Too many chat windows are open from your network. Please close some and try again in a minute.',
  connectionRefused: 'Chat Support is not available from this page. Please reload the page and try again.',
  storageFailed: 'Could not send message. Please try again.',
  unreadLabel: (count: number) => `${count} unread ${count === 1 ? 'reply' : 'replies'}`,
  /** The canned reply after an emergency reply: the 'general inquiries' line would contradict it. */
  botReplyAfterEmergency: 'A member of our team will read your message as soon as possible.',
  /** Outside office hours (issue #14): when the team is back, and how to follow up. */
  botOffline: (backAt: string) =>
    `Our team is offline right now. We are back ${backAt} (Lagos time). Leave your e-mail address or WhatsApp number here and we will follow up.`,
  /** `by`: how a reply reaches a visitor who has left (a WhatsApp number left with the bot gets texts, issue #27). */
  botOfflineKnownContact: (backAt: string, by: 'e-mail' | 'WhatsApp' = 'e-mail') =>
    `Our team is offline right now. We are back ${backAt} (Lagos time) and will answer you here. If you have left, we will ${by === 'WhatsApp' ? 'send you the answer on WhatsApp' : 'e-mail you the answer'}.`,
  /** A WhatsApp number is consent to WhatsApp follow-ups (issue #27.5): the answer says what goes where. */
  contactSaved: (contact: string, kind: 'email' | 'whatsapp' = 'email') =>
    kind === 'whatsapp'
      ? `Thank you. We will follow up on WhatsApp at ${contact} when we are back. WhatsApp is run by Meta and keeps messages outside Nigeria: reply STOP there to end them.`
      : `Thank you. We will follow up at ${contact} when we are back.`,
  contactInvalid:
    'That does not look like an e-mail address or a phone number. Please type an address like name@example.com or a WhatsApp number like 0803 123 4567.',
  continueOnWhatsApp: 'Continue on WhatsApp',
  whatsAppText: (reference: string) => `Hello! I am continuing my chat ${reference} from your website.`,
  skipToChat: 'Chat with us',
  ratingQuestion: 'How did we do?',
  ratingLabel: (rating: number) => `${rating} out of 5`,
  /** What the ends of the scale mean (issue #29.3), under the choices and beside agents' 'Rated n/5'. */
  ratingScale: '1 = very poor, 5 = excellent',
  ratingCommentLabel: 'Anything to add? (optional)',
  ratingCommentUnsupported: 'Remove the unsupported characters from your comment.',
  ratingSend: 'Send rating',
  ratingThanks: 'Thank you for your feedback.',
  conversationResolved: 'This conversation has been marked as resolved. Write again any time.',
} as const;
