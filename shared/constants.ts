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
