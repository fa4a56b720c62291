/**
 * 'Updates on your phone' on the dashboard (issue #27.5): each number on the patient's own requests, whether SMS and
 * WhatsApp updates go to it, and one button per channel to turn them on or off. Withdrawing is one click, as a STOP
 * reply is. Plain forms underneath (issue #15): without JavaScript each button posts through the same procedure.
 */
import { useSearch } from 'wouter';
import { ACCOUNT_FORM } from '../../../shared/forms/account-forms';
import { FORM_NAME_FIELD, SENT_QUERY } from '../../../shared/forms/form-post';
import {
  PHONE_UPDATES_NOTICE_ID,
  channelNames,
  messageConsentNotice,
  messageConsentOutcome,
} from '../../../shared/forms/message-consent-notices';
import { consentHints, type ConsentChannel } from '../../../shared/messaging/consent';
import type { ConsentStatus } from '../../../shared/schemas/message-consent';
import { useSubmissionErrors } from '../../components/form/use-submission-errors';
import { useToast } from '../../components/toast/toast-provider';
import { trpc } from '../../lib/trpc';

const CHANNELS = ['sms', 'whatsapp'] as const;

const lagosDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** 'On since 27 Nov 2026', 'Off', 'Stopped by your reply STOP on 27 Nov 2026'. */
export function consentStatusText(state: ConsentStatus): string {
  if (state.status === 'on') return `On since ${lagosDay.format(new Date(state.since))}`;
  if (state.status === 'stopped') return `Stopped by your reply STOP on ${lagosDay.format(new Date(state.since))}`;
  return 'Off';
}

type NumberConsents = { phoneE164: string; display: string } & Record<ConsentChannel, ConsentStatus>;
type Change = { phoneE164: string; channel: ConsentChannel; on: boolean };

function ChannelSwitch({
  number,
  channel,
  pending,
  onChange,
}: {
  number: NumberConsents;
  channel: ConsentChannel;
  pending: boolean;
  onChange: (change: Change) => void;
}) {
  const name = channelNames[channel];
  const turnOn = number[channel].status !== 'on';
  const hintId = `phone-updates-${number.phoneE164.slice(1)}-${channel}-hint`;
  return (
    <div className="app-phone-updates__channel">
      <dt>{name}</dt>
      <dd>
        <p className="app-phone-updates__state">{consentStatusText(number[channel])}</p>
        <p id={hintId} className="app-phone-updates__hint">
          {consentHints[channel]}
        </p>
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ phoneE164: number.phoneE164, channel, on: turnOn });
          }}
        >
          <input type="hidden" name={FORM_NAME_FIELD} value={ACCOUNT_FORM.messageConsent} />
          <input type="hidden" name="phoneE164" value={number.phoneE164} />
          <input type="hidden" name="channel" value={channel} />
          <input type="hidden" name="on" value={turnOn ? 'on' : 'off'} />
          <button
            type="submit"
            className="app-button app-button--secondary"
            aria-describedby={hintId}
            disabled={pending}
          >
            {pending ? 'Saving…' : `Turn ${turnOn ? 'on' : 'off'} ${name} updates`}
            <span className="app-visually-hidden"> for {number.display}</span>
          </button>
        </form>
      </dd>
    </div>
  );
}

export function PhoneUpdates() {
  const list = trpc.patient.messageConsents.useQuery();
  const utils = trpc.useUtils();
  const { toast } = useToast();
  // A plain post refused (a number no longer on the account's requests, say) comes back with its message.
  const refused = useSubmissionErrors(ACCOUNT_FORM.messageConsent);
  // What a plain post changed, on the page it was redirected to.
  const query = new URLSearchParams(useSearch());
  const posted =
    query.get(SENT_QUERY.form) === ACCOUNT_FORM.messageConsent
      ? messageConsentNotice(query.get(SENT_QUERY.reference))
      : null;
  const change = trpc.patient.setMessageConsent.useMutation({
    onSuccess: (changed, input) => {
      utils.patient.messageConsents.setData(undefined, (current) =>
        current?.confirmed
          ? {
              ...current,
              numbers: current.numbers.map((number) => (number.phoneE164 === changed.phoneE164 ? changed : number)),
            }
          : current,
      );
      const notice = messageConsentNotice(messageConsentOutcome(input.channel, input.on));
      if (notice) toast({ title: notice.title, description: notice.description });
    },
    onError: (error) =>
      toast({ title: 'Could not change your updates', description: error.message, variant: 'destructive' }),
  });
  const pendingFor = (phoneE164: string, channel: ConsentChannel) =>
    change.isPending && change.variables.phoneE164 === phoneE164 && change.variables.channel === channel;

  return (
    <section id="phone-updates" className="app-card app-phone-updates" aria-labelledby="phone-updates-heading">
      <h2 id="phone-updates-heading">Updates on your phone</h2>
      <p>
        Updates about your requests by SMS or WhatsApp, to the numbers you gave us: your reference, times and changes,
        never health details.
      </p>
      {posted ? (
        <div className="app-notice" role="status" id={PHONE_UPDATES_NOTICE_ID} tabIndex={-1}>
          <p className="app-notice__title">{posted.title}</p>
          <p>{posted.description}</p>
        </div>
      ) : null}
      {refused?.summary[0] ? <p role="alert">{refused.summary[0].message}</p> : null}
      {list.isPending ? (
        <p role="status">Loading your phone numbers…</p>
      ) : list.isError ? (
        <p role="alert">Could not load your phone numbers. Reload the page to try again.</p>
      ) : !list.data.confirmed ? (
        <p>Confirm your email address to see the phone numbers on your requests.</p>
      ) : list.data.numbers.length === 0 ? (
        <p>
          None of your requests has a phone number. Give a mobile number on your next request and tick &lsquo;Send me
          updates by SMS&rsquo; or &lsquo;by WhatsApp&rsquo; to get updates there.
        </p>
      ) : (
        <ul className="app-phone-updates__numbers">
          {list.data.numbers.map((number) => (
            <li key={number.phoneE164}>
              <h3>{number.display}</h3>
              <dl className="app-phone-updates__channels">
                {CHANNELS.map((channel) => (
                  <ChannelSwitch
                    key={channel}
                    number={number}
                    channel={channel}
                    pending={pendingFor(number.phoneE164, channel)}
                    onChange={(asked) => change.mutate(asked)}
                  />
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
