import { describe, expect, it } from 'vitest';
import {
  consentChangeText,
  consentLine,
  deliveryText,
  lagosWeekdayTime,
  lagosWhen,
  replacementText,
  sizeText,
  statusLine,
  textHistory,
} from '../../../../../client/features/staff/messages/message-text';
import type { MessageRow } from '../../../../../shared/messaging/staff-messages';

// 09:30 in Lagos on Friday 27 November 2026.
const NOW = Date.parse('2026-11-27T08:30:00Z');

const row = (overrides: Partial<MessageRow> = {}): MessageRow => ({
  id: 7,
  createdAt: '2026-11-27T08:58:00.000Z',
  recipient: '+2348031234567',
  channel: 'sms',
  template: 'request_confirmed',
  status: 'queued',
  attempts: 0,
  segments: 2,
  encoding: 'GSM-7',
  provider: null,
  requestId: 3,
  requestReference: 'APT-3',
  lastError: null,
  replacedBy: null,
  sentAt: null,
  statusAt: '2026-11-27T08:58:00.000Z',
  nextAttemptAt: '2026-11-27T08:58:00.000Z',
  ...overrides,
});

describe('Lagos times', () => {
  it('writes the weekday, the date and the Lagos clock (UTC+1), across midnight', () => {
    expect(lagosWeekdayTime('2026-11-27T09:02:00Z')).toBe('Fri 27 Nov 2026, 10:02');
    expect(lagosWeekdayTime('2026-11-27T23:30:00Z')).toBe('Sat 28 Nov 2026, 00:30');
  });

  it('gives the time alone today in Lagos, and the day with it otherwise', () => {
    expect(lagosWhen('2026-11-27T09:02:00Z', NOW)).toBe('10:02');
    expect(lagosWhen('2026-11-26T22:59:00Z', NOW)).toBe('Thu 26 Nov 2026, 23:59');
  });
});

describe("a text's status line", () => {
  it('says delivered, read and sent with their Lagos time', () => {
    expect(statusLine(row({ status: 'delivered', statusAt: '2026-11-27T09:02:00Z' }), NOW)).toBe('SMS delivered 10:02');
    expect(statusLine(row({ channel: 'whatsapp', status: 'read', statusAt: '2026-11-27T09:05:00Z' }), NOW)).toBe(
      'WhatsApp read 10:05',
    );
    expect(statusLine(row({ status: 'sent', sentAt: '2026-11-27T08:58:00Z' }), NOW)).toBe('SMS sent 09:58');
  });

  it('says a WhatsApp text with no receipt went by SMS, and a failed SMS by e-mail', () => {
    expect(
      statusLine(
        row({ channel: 'whatsapp', status: 'sent', sentAt: '2026-11-27T08:58:00Z', replacedBy: 'sms #12' }),
        NOW,
      ),
    ).toBe('WhatsApp sent 09:58, no receipt: went by SMS');
    expect(
      statusLine(
        row({ status: 'failed', statusAt: '2026-11-27T09:00:00Z', lastError: 'DND', replacedBy: 'email' }),
        NOW,
      ),
    ).toBe('SMS failed 10:00 (DND): went by e-mail');
  });

  it('says when a text held by the quiet hours goes, and when a retry is next', () => {
    const evening = row({ createdAt: '2026-11-27T20:15:00Z', nextAttemptAt: '2026-11-28T07:00:00Z' });
    expect(statusLine(evening, NOW)).toBe('SMS queued: goes at 08:00 (quiet hours)');
    expect(statusLine(row(), NOW)).toBe('SMS queued');
    expect(statusLine(row({ attempts: 2, lastError: 'timeout', nextAttemptAt: '2026-11-27T09:10:00Z' }), NOW)).toBe(
      'SMS queued: try 2 failed (timeout), next at 10:10',
    );
  });

  it('says why a text was not sent and what took over', () => {
    expect(
      statusLine(row({ status: 'cancelled', lastError: 'consent withdrawn', replacedBy: 'whatsapp #9' }), NOW),
    ).toBe('SMS not sent: consent withdrawn, went by WhatsApp');
  });
});

describe('sizes and replacements', () => {
  it("writes a text's cost as segments × encoding", () => {
    expect(sizeText({ segments: 2, encoding: 'GSM-7' })).toBe('2 × GSM-7');
    expect(sizeText({ segments: 1, encoding: 'UCS-2' })).toBe('1 × UCS-2');
  });

  it('names what replaced a text', () => {
    expect(replacementText('email')).toBe('e-mail');
    expect(replacementText('sms #12')).toBe('SMS #12');
    expect(replacementText('whatsapp #3')).toBe('WhatsApp #3');
  });
});

describe('consent', () => {
  it('says since when and where a channel is on, and how it was stopped', () => {
    expect(consentLine('sms', { granted: true, at: '2026-11-27T08:58:00Z', source: 'appointment form' })).toBe(
      'SMS: on since Fri 27 Nov 2026, 09:58, on the appointment form',
    );
    expect(consentLine('sms', { granted: false, at: '2026-11-27T09:30:00Z', source: 'inbound sms' })).toBe(
      'SMS: stopped by reply STOP on Fri 27 Nov 2026, 10:30',
    );
    expect(consentLine('whatsapp', { granted: false, at: '2026-11-27T09:30:00Z', source: 'staff' })).toBe(
      'WhatsApp: stopped by staff on Fri 27 Nov 2026, 10:30',
    );
    expect(consentLine('whatsapp', null)).toBe('WhatsApp: off, never agreed to');
    expect(consentLine('sms', { granted: true, at: '2026-11-27T08:58:00Z', source: 'service_order form' })).toBe(
      'SMS: on since Fri 27 Nov 2026, 09:58, on the service order form',
    );
    expect(consentLine('whatsapp', { granted: true, at: '2026-11-27T08:58:00Z', source: 'chat' })).toBe(
      'WhatsApp: on since Fri 27 Nov 2026, 09:58, in the chat',
    );
  });

  it('writes consent changes as history lines', () => {
    const change = { id: 1, channel: 'sms' as const, at: '2026-11-27T08:58:00Z' };
    expect(consentChangeText({ ...change, granted: true, source: 'account' })).toBe(
      'SMS texts agreed to on the account page.',
    );
    expect(consentChangeText({ ...change, granted: false, source: 'inbound whatsapp' })).toBe(
      'SMS texts stopped by reply STOP.',
    );
  });
});

describe("a text's moments in the request's history", () => {
  it('lists queued, sent and the end, each at its own time', () => {
    const delivered = row({
      status: 'delivered',
      sentAt: '2026-11-27T08:59:00.000Z',
      statusAt: '2026-11-27T09:02:00.000Z',
    });
    expect(textHistory(delivered).map((item) => [item.at, item.text])).toEqual([
      ['2026-11-27T08:58:00.000Z', "SMS 'Confirmed' queued."],
      ['2026-11-27T08:59:00.000Z', "SMS 'Confirmed' sent."],
      ['2026-11-27T09:02:00.000Z', "SMS 'Confirmed' delivered."],
    ]);
    expect(textHistory(row()).map((item) => item.text)).toEqual(["SMS 'Confirmed' queued."]);
    expect(textHistory(row({ status: 'cancelled', lastError: 'consent withdrawn' })).map((item) => item.text)).toEqual([
      "SMS 'Confirmed' queued.",
      "SMS 'Confirmed' not sent: consent withdrawn.",
    ]);
  });
});

describe("the answer after 'Message to the patient'", () => {
  it('says by which channel it goes, and when in the quiet hours', () => {
    expect(deliveryText({ channel: 'sms', notBefore: new Date(NOW).toISOString() }, NOW)).toBe('Sent by SMS');
    expect(deliveryText({ channel: 'whatsapp', notBefore: new Date(NOW).toISOString() }, NOW)).toBe('Sent by WhatsApp');
    expect(deliveryText({ channel: 'email', notBefore: new Date(NOW).toISOString() }, NOW)).toBe('Sent by e-mail');
    const lateEvening = Date.parse('2026-11-27T21:30:00Z');
    expect(deliveryText({ channel: 'sms', notBefore: '2026-11-28T07:00:00.000Z' }, lateEvening)).toBe(
      'Goes by SMS at 08:00 (quiet hours)',
    );
    expect(deliveryText(null, NOW)).toBe('Not sent: this request has no phone with consent and no e-mail address.');
  });
});
