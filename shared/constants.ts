/** Product limits and timings from the specification (section 9) in one place. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const CHAT_REPLY_DELAY_MS = 1500;
export const MAP_HEIGHT_PX = 225;
export const LEADER_BIO_LINES = 3;
export const JOB_DESCRIPTION_LINES = 2;
export const BLOG_TEASER_COUNT = 4;
export const MIN_PASSWORD_LENGTH = 6;
export const DEFAULT_TRAVELERS = 1;
export const ACCESSIBILITY_REPLY_BUSINESS_DAYS = 5;
/** Lagos emergency numbers (national 112, Lagos State 767). */
export const EMERGENCY_NUMBERS = ['112', '767'] as const;

/** Live support chat (issue #6). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Messages a visitor may send per minute before the server asks them to wait. */
export const CHAT_MESSAGES_PER_MINUTE = 10;
/** Socket.IO's maxHttpBufferSize: a 2,000-character message fits many times over. */
export const CHAT_MAX_PAYLOAD_BYTES = 16 * 1024;
/** How long the browser waits for the server's acknowledgement before retrying a message. */
export const CHAT_ACK_TIMEOUT_MS = 8000;
/** Sends attempted while connected before a message is given up ('Message Error'). */
export const CHAT_SEND_MAX_ATTEMPTS = 5;
/** Messages sent with the history when a conversation is opened. */
export const CHAT_HISTORY_LIMIT = 200;
/**
 * An agent with no staff tab open this long hands their rooms back to the bot. Every staff page keeps the agent's
 * connection (issue #29), so this covers only reloads, a page opened in a new tab and a dropped network: a minute,
 * not the 10 s it was when only the Chats page held the connection (issue #14).
 */
export const CHAT_AGENT_GRACE_MS = 60_000;
/** The URL hash that opens the chat panel on any page (the link in follow-up e-mails, issue #14). */
export const CHAT_LINK_HASH = '#chat';
/** localStorage key set once a visitor has sent a chat message, so later pages reconnect quietly (unread badge). */
export const CHAT_ACTIVE_STORAGE_KEY = 'app-chat-active';

/**
 * Retention (issue #13), as the privacy notice promises it: chat messages are deleted this long after they are sent;
 * requests are anonymised this long after they are closed (Done or Cancelled). REQUEST_RETENTION_MONTHS may be
 * shortened per install, never lengthened (server/env.ts), so the published figure always holds.
 */
export const CHAT_RETENTION_MONTHS = 12;
export const REQUEST_RETENTION_MONTHS = 24;
