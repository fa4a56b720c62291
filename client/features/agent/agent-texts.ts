/** The console's own wording for summaries, presence and ratings (pure, so unit tests read it). */
import type {
  AgentPresence,
  AgentPresenceStatus,
  ConversationSummary,
  RatingAverage,
  RatingSummary,
} from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';

export const PRESENCE_LABELS: Record<AgentPresenceStatus, string> = {
  online: 'Online',
  away: 'Away',
  offline: 'Offline',
};

/** An 'Assign to' option: 'Ada Obi (online)'. */
export const teamOptionText = (member: AgentPresence) => `${member.name} (${member.status})`;

const average = (value: RatingAverage) => (value.average === null ? null : value.average.toFixed(1));

/** 'Rating: 4.3 (last 7 days, 12 ratings) · 4.1 (last 30 days, 40)', or 'Rating: No ratings yet'. */
export function ratingSummaryText(ratings: RatingSummary): string {
  const week = average(ratings.last7Days);
  const month = average(ratings.last30Days);
  if (week === null && month === null) return 'Rating: No ratings yet';
  const count = ratings.last7Days.count;
  const weekText =
    week === null
      ? 'no ratings (last 7 days)'
      : `${week} (last 7 days, ${count} ${count === 1 ? 'rating' : 'ratings'})`;
  const monthText =
    month === null ? 'no ratings (last 30 days)' : `${month} (last 30 days, ${ratings.last30Days.count})`;
  return `Rating: ${weekText} · ${monthText}`;
}

/** 'Follow up: name@example.com (e-mail)' or 'Follow up: 0803 123 4567 (WhatsApp)'. */
export const followUpText = (contact: NonNullable<ConversationSummary['followUpContact']>) =>
  `Follow up: ${contact.value} (${contact.kind === 'email' ? 'e-mail' : 'WhatsApp'})`;

const clockFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

/** 'Moved to WhatsApp at 14:05' (the browser's time zone). */
export const movedToWhatsAppText = (at: string) => `Moved to WhatsApp at ${clockFormat.format(new Date(at))}`;

/** 'Waiting 5 min' and the like, or null when no visitor message waits for an answer. */
export function waitingText(since: string | null, now: number): string | null {
  if (!since) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'Waiting less than a minute';
  if (minutes < 60) return `Waiting ${minutes} min`;
  return `Waiting ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** 'Rated 4/5 (1 = very poor, 5 = excellent): “Quick and kind”', the comment only when the visitor left one. */
export function ratingText(rating: number, comment: string | null): string {
  const rated = `Rated ${rating}/5 (${chatTexts.ratingScale})`;
  return comment ? `${rated}: “${comment}”` : rated;
}
