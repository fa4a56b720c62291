/**
 * Plans and queues a message to a patient (issue #27.3): by the channels MESSAGING_FALLBACK orders, among those the
 * number agreed to, then by e-mail. A request's own e-mails (received, confirmed, cancelled) go as before, with their
 * calendar file; a text is added beside them for a patient who asked for one. A message that has no e-mail of its own
 * (staff's message, an agent's chat reply) ends its fallback with one.
 */
import { brand } from '../../shared/brand';
import type { Transaction } from 'kysely';
import { smsSize } from '../../shared/messaging/sms-encoding';
import { mailOutbox, type OutgoingMail } from '../data/mail-outbox';
import { messageConsents } from '../data/message-consents';
import { outboundMessages, type OutboundMessage } from '../data/outbound-messages';
import type { AppDatabase } from '../db/database';
import type { Database, OutboundChannel } from '../db/schema';
import type { Env } from '../env';
import { renderMail } from '../mail/mail-templates';
import { emailTextFor, renderTemplate, type TemplateName, type TemplateParams } from './message-templates';
import type { MessageChannel } from './messaging-types';
import { afterQuietHours, type QuietHours } from './quiet-hours';

type Db = AppDatabase | Transaction<Database>;
type Listener = () => void;

export type PatientMessage<T extends TemplateName> = {
  template: T;
  params: TemplateParams[T];
  /** E.164, null when the patient gave none. */
  phoneE164: string | null;
  /** Where the e-mail at the end of the fallback goes; null when none, or when the event mails by itself. */
  fallbackEmail: string | null;
  /** The name the e-mail greets. */
  name: string;
  requestId?: number | null;
  conversationId?: number | null;
};

/** How a message left (or will leave): for the request page and the staff's answer. */
export type QueuedBy = { channel: MessageChannel; id: number | null; notBefore: number } | null;

/** Templates that may not wait for the morning: a reminder loses its point at 08:00. */
const URGENT_TEMPLATES = new Set<string>(['appointment_reminder']);

const notBeforeFor = (template: string, now: number, quiet: QuietHours) =>
  URGENT_TEMPLATES.has(template) ? now : afterQuietHours(now, quiet);

export type Messaging = ReturnType<typeof createMessaging>;

export function createMessaging({
  env,
}: {
  env: Pick<Env, 'MESSAGING_FALLBACK' | 'MESSAGING_QUIET_HOURS' | 'PUBLIC_ORIGIN' | 'PORT'>;
}) {
  const listeners = new Set<Listener>();
  const notifyQueued = () => {
    for (const listener of listeners) listener();
  };

  /** The channels to try, in order, for a number and an address. */
  async function channelsFor(db: Db, phoneE164: string | null, email: string | null) {
    const granted = phoneE164 ? await messageConsents.grantedChannels(db, phoneE164) : [];
    return env.MESSAGING_FALLBACK.filter((channel) =>
      channel === 'email' ? email !== null : (granted as MessageChannel[]).includes(channel),
    );
  }

  /** Queues one attempt on `channels[0]`, with the rest as its fallback. */
  async function queueOn<T extends TemplateName>(
    db: Db,
    message: PatientMessage<T>,
    channels: MessageChannel[],
    now: number,
  ): Promise<QueuedBy> {
    const [channel, ...rest] = channels;
    if (!channel) return null;
    const params = JSON.stringify(message.params);
    if (channel === 'email') {
      if (!message.fallbackEmail) return null;
      const mail = fallbackMail(
        message.fallbackEmail,
        message.name,
        message.template,
        emailTextFor(message.template, params),
      );
      const { id } = await mailOutbox.insert(db, mail, now);
      return { channel, id, notBefore: now };
    }
    const text = renderTemplate(message.template, message.params);
    const size = smsSize(text);
    const notBefore = notBeforeFor(message.template, now, env.MESSAGING_QUIET_HOURS);
    const row = await outboundMessages.insert(
      db,
      {
        recipient: message.phoneE164!,
        channel,
        template: message.template,
        language: 'en',
        params,
        text_body: text,
        encoding: size.encoding,
        segments: size.segments,
        next_attempt_at: notBefore,
        fallback: rest.join(','),
        fallback_due_at: null,
        fallback_email: message.fallbackEmail,
        replaced_by: null,
        request_id: message.requestId ?? null,
        conversation_id: message.conversationId ?? null,
      },
      now,
    );
    return { channel, id: row.id, notBefore };
  }

  return {
    /**
     * Queues the message in the caller's transaction; call `notifyQueued` once it has committed. Null when the patient
     * has no channel this message may use.
     */
    async queue<T extends TemplateName>(db: Db, message: PatientMessage<T>, now = Date.now()): Promise<QueuedBy> {
      return queueOn(db, message, await channelsFor(db, message.phoneE164, message.fallbackEmail), now);
    },

    /**
     * The next channel after `row` failed or was never confirmed: its remaining fallback, among the channels still
     * agreed to now (a STOP since may have closed one). Returns what took over, for the row's `replaced_by`.
     */
    async fallBack(db: Db, row: OutboundMessage, now = Date.now()): Promise<string | null> {
      const remaining = row.fallback.split(',').filter(Boolean) as MessageChannel[];
      const open = await channelsFor(db, row.recipient, row.fallback_email);
      const channels = remaining.filter((channel) => open.includes(channel));
      const queued = await queueOn(
        db,
        {
          template: row.template as TemplateName,
          params: JSON.parse(row.params) as never,
          phoneE164: row.recipient,
          fallbackEmail: row.fallback_email,
          name: 'there',
          requestId: row.request_id,
          conversationId: row.conversation_id,
        },
        channels,
        now,
      );
      return queued ? (queued.channel === 'email' ? 'email' : `${queued.channel} #${queued.id}`) : null;
    },

    /** When a text of this template may go, if it were due at `now`. */
    notBefore: (template: string, now: number) => notBeforeFor(template, now, env.MESSAGING_QUIET_HOURS),
    notifyQueued,
    onQueued(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The short link texts carry: the site's address, without its scheme. */
    link: (path = '/dashboard') => `${shortOrigin(env)}${path}`,
  };
}

const shortOrigin = (env: Pick<Env, 'PUBLIC_ORIGIN' | 'PORT'>) =>
  (env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).host : `localhost:${env.PORT}`).replace(/^www\./, '');

const mailSubjects: Partial<Record<TemplateName, string>> = {
  staff_message: `A message from ${brand.name} about your request`,
  chat_reply: `${brand.name} answered you in the chat`,
};

function fallbackMail(to: string, name: string, template: TemplateName, text: string): OutgoingMail {
  return {
    to,
    kind: `message_${template}`,
    subject: mailSubjects[template] ?? `A message from ${brand.name}`,
    ...renderMail({ greetingName: name, intro: [text], after: [] }),
  };
}

export type { OutboundChannel };
