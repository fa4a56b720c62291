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
} as const;

/**
 * Words and phrases that may mean a medical emergency or a risk to life. A visitor's
 * message that contains one gets the emergency reply at once (issue #6, safety).
 * Matched case-insensitively on whole words, with curly apostrophes made straight.
 */
export const chatRedFlagPhrases = [
  'chest pain',
  'chest pains',
  'heart attack',
  "can't breathe",
  'cant breathe',
  'cannot breathe',
  'can not breathe',
  'not breathing',
  'difficulty breathing',
  'struggling to breathe',
  'unconscious',
  'not waking up',
  'passed out',
  'collapsed',
  'heavy bleeding',
  'bleeding heavily',
  'bleeding a lot',
  'seizure',
  'seizures',
  'convulsion',
  'convulsions',
  'convulsing',
  'stroke',
  'choking',
  'overdose',
  'poisoned',
  'poisoning',
  'suicide',
  'suicidal',
  'kill myself',
  'end my life',
  'want to die',
  'harm myself',
  'self-harm',
] as const;

/** Ready-made answers an agent can pick in the console and edit before sending. */
export const agentCannedReplies = [
  'Thank you for waiting. How can I help you today?',
  'Could you tell me a little more, so I can help you better?',
  `You can book a virtual consultation from our Services page. Choose "Book Appointment" and our team will confirm a time with you.`,
  `For medical emergencies, please call ${emergencyNumbers} or go to the nearest hospital emergency department now.`,
  `Please do not share card numbers or passwords in this chat. Our team will never ask for them.`,
  'Is there anything else I can help you with today?',
] as const;
