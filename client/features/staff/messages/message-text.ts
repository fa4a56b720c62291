/**
 * How staff read texts to patients (issue #27): times in Lagos time, a text's status in one line ('SMS delivered
 * 10:02'), a number's consent per channel, and how 'Message to the patient' leaves. Pure functions, tested in
 * tests/client/features/staff/messages.
 */
import type { MessageDelivery } from '../../../../shared/messaging/delivery';
import { deliveryChannelLabels } from '../../../../shared/messaging/delivery';
import {
  templateLabel,
  textChannelLabels,
  type ConsentChangeView,
  type ConsentView,
  type MessageRow,
  type TextChannel,
} from '../../../../shared/messaging/staff-messages';

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Lagos is UTC+1 all year: its wall clock is the UTC fields of the instant an hour on. */
const lagosClock = (iso: string) => new Date(Date.parse(iso) + LAGOS_OFFSET_MS);
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** '10:02' in Lagos. */
export function lagosTime(iso: string): string {
  const clock = lagosClock(iso);
  return `${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
}

const lagosDay = (iso: string) => lagosClock(iso).toISOString().slice(0, 10);

/** 'Fri 27 Nov 2026, 10:02' in Lagos: the weekday tells staff at a glance whether a text went at the weekend. */
export function lagosWeekdayTime(iso: string): string {
  const clock = lagosClock(iso);
  const date = `${WEEKDAYS[clock.getUTCDay()]} ${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
  return `${date}, ${lagosTime(iso)}`;
}

/** The time alone on the day it is now in Lagos, else with its day: '10:02', 'Thu 26 Nov 2026, 10:02'. */
export function lagosWhen(iso: string, now: number): string {
  return lagosDay(iso) === lagosDay(new Date(now).toISOString()) ? lagosTime(iso) : lagosWeekdayTime(iso);
}

/** '2 × GSM-7': what a text costs (each segment is billed) and whether one character turned it into UCS-2. */
export const sizeText = (row: Pick<MessageRow, 'segments' | 'encoding'>) => `${row.segments} × ${row.encoding}`;

/** 'email' or 'sms #12', as the server keeps what took over from a text, for people. */
export function replacementText(replacedBy: string): string {
  const [channel, id] = replacedBy.split(' ');
  if (channel === 'email') return 'e-mail';
  const label = channel === 'sms' || channel === 'whatsapp' ? textChannelLabels[channel] : replacedBy;
  return id ? `${label} ${id}` : label;
}

const wentBy = (replacedBy: string | null) =>
  replacedBy ? `went by ${replacementText(replacedBy).split(' #')[0]}` : '';

/**
 * The quiet hours end within twelve hours, so their end needs no date: 'goes at 08:00'. A queued text that waits for
 * the morning: its first try is set well after it was queued (the quiet hours move it to
 * 08:00; a claim only moves it a couple of minutes).
 */
const QUIET_HOURS_MIN_WAIT_MS = 10 * 60 * 1000;

/** A text's state in one line, as on the request page: 'SMS delivered 10:02'. */
export function statusLine(row: MessageRow, now: number): string {
  const channel = textChannelLabels[row.channel];
  const when = (iso: string) => lagosWhen(iso, now);
  switch (row.status) {
    case 'queued': {
      const next = row.nextAttemptAt;
      if (next && row.attempts > 0)
        return `${channel} queued: try ${row.attempts} failed${row.lastError ? ` (${row.lastError})` : ''}, next at ${when(next)}`;
      if (next && Date.parse(next) - Date.parse(row.createdAt) >= QUIET_HOURS_MIN_WAIT_MS)
        return `${channel} queued: goes at ${lagosTime(next)} (quiet hours)`;
      return `${channel} queued`;
    }
    case 'sent':
      return `${channel} sent ${when(row.sentAt ?? row.statusAt)}${row.replacedBy ? `, no receipt: ${wentBy(row.replacedBy)}` : ''}`;
    case 'delivered':
    case 'read':
      return `${channel} ${row.status} ${when(row.statusAt)}`;
    case 'failed':
      return `${channel} failed ${when(row.statusAt)}${row.lastError ? ` (${row.lastError})` : ''}${row.replacedBy ? `: ${wentBy(row.replacedBy)}` : ''}`;
    case 'cancelled':
      return `${channel} not sent: ${row.lastError ?? 'cancelled'}${row.replacedBy ? `, ${wentBy(row.replacedBy)}` : ''}`;
  }
}

/** Where a consent was given or withdrawn, from its stored source ('appointment form', 'inbound sms', 'staff'…). */
function sourceText(source: string): string {
  if (source.startsWith('inbound')) return 'by reply STOP';
  if (source === 'staff') return 'by staff';
  if (source === 'account') return 'on the account page';
  if (source === 'chat') return 'in the chat';
  // A request form is named by its type: 'service_order form'.
  if (source.endsWith(' form')) return `on the ${source.replaceAll('_', ' ')}`;
  return `(${source})`;
}

/** 'SMS: on since Fri 27 Nov 2026, 09:58, on the appointment form' or 'SMS: stopped by reply STOP on …'. */
export function consentLine(channel: TextChannel, state: ConsentView | null): string {
  const label = textChannelLabels[channel];
  if (!state) return `${label}: off, never agreed to`;
  const at = lagosWeekdayTime(state.at);
  return state.granted
    ? `${label}: on since ${at}, ${sourceText(state.source)}`
    : `${label}: stopped ${sourceText(state.source)} on ${at}`;
}

/** A consent change as a line of the request's history. */
export function consentChangeText(change: ConsentChangeView): string {
  const label = textChannelLabels[change.channel];
  return change.granted
    ? `${label} texts agreed to ${sourceText(change.source)}.`
    : `${label} texts stopped ${sourceText(change.source)}.`;
}

export type TextHistoryItem = { key: string; at: string; text: string };

/** A text's moments for the request's history: queued, sent, then how it ended (delivered, failed, not sent). */
export function textHistory(row: MessageRow): TextHistoryItem[] {
  const channel = textChannelLabels[row.channel];
  const what = `${channel} '${templateLabel(row.template)}'`;
  const items: TextHistoryItem[] = [{ key: `text-${row.id}-queued`, at: row.createdAt, text: `${what} queued.` }];
  if (row.sentAt) items.push({ key: `text-${row.id}-sent`, at: row.sentAt, text: `${what} sent.` });
  const end =
    row.status === 'delivered' || row.status === 'read'
      ? `${what} ${row.status}.`
      : row.status === 'failed'
        ? `${what} failed${row.lastError ? ` (${row.lastError})` : ''}${row.replacedBy ? `: ${wentBy(row.replacedBy)}` : ''}.`
        : row.status === 'cancelled'
          ? `${what} not sent: ${row.lastError ?? 'cancelled'}${row.replacedBy ? `, ${wentBy(row.replacedBy)}` : ''}.`
          : null;
  if (end) items.push({ key: `text-${row.id}-${row.status}`, at: row.statusAt, text: end });
  return items;
}

const NOT_SENT = 'Not sent: this request has no phone with consent and no e-mail address.';

/** After 'Message to the patient': how and when it leaves. */
export function deliveryText(delivery: MessageDelivery | null, now: number): string {
  if (!delivery) return NOT_SENT;
  const channel = deliveryChannelLabels[delivery.channel];
  if (Date.parse(delivery.notBefore) - now >= QUIET_HOURS_MIN_WAIT_MS)
    return `Goes by ${channel} at ${lagosTime(delivery.notBefore)} (quiet hours)`;
  return `Sent by ${channel}`;
}
