/**
 * 'Texts to the patient' on a request's page (issue #27): each text's state in one line, the consent of the request's
 * number per channel, and 'Stop texts to this number' for a patient who asks on the phone (asked twice, in place).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { MESSAGE_CHANNELS, templateLabel, textChannelLabels } from '../../../../shared/messaging/staff-messages';
import { paths } from '../../../app/paths';
import { ConfirmAction } from '../confirm-action';
import { consentLine, statusLine } from '../messages/message-text';
import type { RequestTextsView } from './use-request';

export function RequestTexts({
  texts,
  busy,
  onStop,
}: {
  texts: RequestTextsView | undefined;
  busy: boolean;
  onStop: (channel: 'sms' | 'whatsapp') => void;
}) {
  // Read once: a line says '10:02' for today and adds the date otherwise.
  const [now] = useState(() => Date.now());
  const consent = texts?.consent;
  return (
    <section aria-labelledby="request-texts" className="app-staff__panel">
      <h2 id="request-texts">Texts to the patient</h2>
      {!texts ? (
        <p role="status">Loading the texts…</p>
      ) : (
        <>
          {texts.messages.length ? (
            <ul className="app-staff__texts">
              {texts.messages.map((row) => (
                <li key={row.id}>
                  {templateLabel(row.template)}: {statusLine(row, now)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="app-staff__empty">No texts to this request&rsquo;s number.</p>
          )}
          {texts.phoneE164 && consent ? (
            <>
              <h3>Consent of {texts.phoneE164}</h3>
              <ul className="app-staff__texts">
                {MESSAGE_CHANNELS.map((channel) => (
                  <li key={channel}>
                    {consentLine(channel, consent[channel])}
                    {consent[channel]?.granted ? (
                      <div className="app-staff__inline-form">
                        <ConfirmAction
                          label="Stop texts to this number"
                          confirmLabel={`Yes, stop ${textChannelLabels[channel]}`}
                          name={`by ${textChannelLabels[channel]}`}
                          busy={busy}
                          onConfirm={() => onStop(channel)}
                        />
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
              <p>
                <Link
                  href={`${paths.staffMessages()}?recipient=${encodeURIComponent(texts.phoneE164.replace(/\D/g, ''))}`}
                >
                  Every text to this number
                </Link>
              </p>
            </>
          ) : (
            <p>No phone number: nothing can be texted for this request.</p>
          )}
        </>
      )}
    </section>
  );
}
