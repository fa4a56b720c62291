import { describe, expect, it } from 'vitest';
import {
  followUpText,
  movedToWhatsAppText,
  ratingSummaryText,
  ratingText,
  teamOptionText,
  waitingText,
} from '../../../../client/features/agent/agent-texts';
import {
  cannedCommand,
  insertCannedReply,
  matchCannedReplies,
  CANNED_MATCH_LIMIT,
} from '../../../../client/features/agent/conversation/canned-replies';

describe('the console texts', () => {
  it("says what the rating scale means, with the visitor's comment beside 'Rated n/5' (issue #29.3)", () => {
    expect(ratingText(2, 'Slow to answer')).toBe('Rated 2/5 (1 = very poor, 5 = excellent): “Slow to answer”');
    expect(ratingText(5, null)).toBe('Rated 5/5 (1 = very poor, 5 = excellent)');
  });

  it('says the ratings for both windows, or that there are none', () => {
    expect(
      ratingSummaryText({ last7Days: { average: 4.333, count: 12 }, last30Days: { average: 4.08, count: 40 } }),
    ).toBe('Rating: 4.3 (last 7 days, 12 ratings) · 4.1 (last 30 days, 40)');
    expect(ratingSummaryText({ last7Days: { average: 5, count: 1 }, last30Days: { average: 5, count: 1 } })).toBe(
      'Rating: 5.0 (last 7 days, 1 rating) · 5.0 (last 30 days, 1)',
    );
    expect(ratingSummaryText({ last7Days: { average: null, count: 0 }, last30Days: { average: 3.5, count: 2 } })).toBe(
      'Rating: no ratings (last 7 days) · 3.5 (last 30 days, 2)',
    );
    expect(ratingSummaryText({ last7Days: { average: null, count: 0 }, last30Days: { average: null, count: 0 } })).toBe(
      'Rating: No ratings yet',
    );
  });

  it('says how to follow up, when the visitor moved to WhatsApp, and who is who in Assign to', () => {
    expect(followUpText({ kind: 'email', value: 'name@example.com' })).toBe('Follow up: name@example.com (e-mail)');
    expect(followUpText({ kind: 'whatsapp', value: '0803 123 4567' })).toBe('Follow up: 0803 123 4567 (WhatsApp)');
    expect(movedToWhatsAppText('2026-01-01T14:05:00')).toBe('Moved to WhatsApp at 14:05');
    expect(teamOptionText({ id: 1, name: 'Ada Obi', status: 'online' })).toBe('Ada Obi (online)');
  });

  it('says how long a visitor has waited', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(waitingText(null, now)).toBeNull();
    expect(waitingText('2026-01-01T11:59:30Z', now)).toBe('Waiting less than a minute');
    expect(waitingText('2026-01-01T11:55:00Z', now)).toBe('Waiting 5 min');
    expect(waitingText('2026-01-01T10:30:00Z', now)).toBe('Waiting 1 h 30 min');
  });
});

describe('canned replies after "/"', () => {
  const replies = [
    { id: 1, title: 'Greeting', body: 'Thank you for waiting. How can I help you today?' },
    { id: 2, title: 'Booking', body: 'You can book a virtual consultation from our Services page.' },
    { id: 3, title: 'Emergency', body: 'For medical emergencies, please call 112 or 767.' },
  ];

  it('reads the query after a "/" at the start of the box or after a space, up to the caret', () => {
    const query = (text: string, caret?: number) => cannedCommand(text, caret)?.query ?? null;
    expect(query('/')).toBe('');
    expect(query('/book ')).toBe('book');
    expect(query('/book\nmore')).toBeNull();
    expect(query('')).toBeNull();
    // Issue #23: after other text too, where the slash was.
    expect(cannedCommand('Hello Ada, /book')).toEqual({ start: 11, end: 16, query: 'book' });
    expect(query('First line\n/greet')).toBe('greet');
    expect(query('Hello /book and more', 11)).toBe('book');
    // Not a command: inside a word or an address, or the caret is on a later line.
    expect(query('and/or')).toBeNull();
    expect(query('see example.com/book')).toBeNull();
    expect(query('Hello /book\nmore')).toBeNull();
  });

  it('puts the reply where the command was, and the caret after it', () => {
    const text = 'Hello Ada, /book Thanks.';
    const command = cannedCommand(text, 16)!;
    expect(insertCannedReply(text, command, 'You can book here.')).toEqual({
      text: 'Hello Ada, You can book here. Thanks.',
      caret: 29,
    });
  });

  it('matches titles first, then texts, in any case, and lists at most a few', () => {
    expect(matchCannedReplies(replies, '').map((reply) => reply.id)).toEqual([1, 2, 3]);
    expect(matchCannedReplies(replies, 'BOOK').map((reply) => reply.id)).toEqual([2]);
    expect(matchCannedReplies(replies, 'help').map((reply) => reply.id)).toEqual([1]);
    expect(matchCannedReplies(replies, 'e').map((reply) => reply.id)).toEqual([1, 3, 2]);
    expect(matchCannedReplies(replies, 'nothing like it')).toEqual([]);
    const many = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, title: `Reply ${index}`, body: 'x' }));
    expect(matchCannedReplies(many, 'reply')).toHaveLength(CANNED_MATCH_LIMIT);
  });
});
