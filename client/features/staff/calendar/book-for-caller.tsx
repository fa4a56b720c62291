/**
 * Book a free time for a caller (issue #28.7): the service and time are the row's; the desk types the caller's name
 * and phone (an e-mail only if they have one) and ticks a box only when the caller agrees to texts. The focus starts
 * on Full name, so from the calendar a booking is two clicks: Book on the free time, then Book this time.
 */
import { useEffect, useRef, useState } from 'react';
import { formatSlotTime, lagosDateOf } from '../../../../shared/booking/free-slots';
import { formatLagosDate } from '../../../../shared/lagos-date';
import { consentHints } from '../../../../shared/messaging/consent';
import { AppForm } from '../../../components/form/app-form';
import { Field } from '../../../components/form/field';
import { formValue } from '../../../components/form/form-value';
import { TextArea } from '../../../components/form/text-area';
import { TickBox } from '../../../components/form/tick-box';
import { useMutationForm } from '../../../components/form/use-mutation-form';
import type { CalendarActions } from './use-calendar';

/**
 * 22 url-safe characters (128 random bits) for one booking's sends (IDEMPOTENCY_KEY_PATTERN); the stored forms' own
 * helper is another feature's (features do not import each other).
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export type ChosenTime = { clinicianId: number; clinicianName: string; service: string; startsAt: number };

export function BookForCaller({
  chosen,
  actions,
  onClose,
}: {
  chosen: ChosenTime;
  actions: CalendarActions;
  onClose: () => void;
}) {
  const form = useMutationForm('Could not book the time.');
  const firstField = useRef<HTMLInputElement>(null);
  // One key per booking attempt: a retry of the same send is not stored twice.
  const [key, setKey] = useState(newIdempotencyKey);
  useEffect(() => firstField.current?.focus(), [chosen.startsAt, chosen.clinicianId]);
  const when = `${formatLagosDate(lagosDateOf(chosen.startsAt))} at ${formatSlotTime(chosen.startsAt)}`;
  const onSubmit = form.submit(async (_nothing, element) => {
    const sending = actions.book.mutateAsync({
      service: chosen.service,
      slot: String(chosen.startsAt),
      clinicianId: chosen.clinicianId,
      fullName: formValue(element, 'fullName'),
      phone: formValue(element, 'phone'),
      email: formValue(element, 'email'),
      message: formValue(element, 'message'),
      smsConsent: formValue(element, 'smsConsent') === 'on',
      whatsappConsent: formValue(element, 'whatsappConsent') === 'on',
      idempotencyKey: key,
    });
    if (!(await form.send(sending))) return;
    const answer = await sending;
    setKey(newIdempotencyKey());
    if (answer.booked) {
      actions.say(`Booked ${when} for ${formValue(element, 'fullName')}: reference ${answer.reference}.`);
      onClose();
    } else actions.say(answer.message, true);
  });
  return (
    <section aria-labelledby="book-heading" className="app-staff__panel">
      <h2 id="book-heading">
        Book {when} with {chosen.clinicianName}
      </h2>
      <p>
        {chosen.service}. Lagos time. The caller gets the confirmation by e-mail if you enter one, and by text only if
        they agree.
      </p>
      <AppForm
        form={form}
        onSubmit={onSubmit}
        labelledBy="book-heading"
        submit={{ label: 'Book this time', busyLabel: 'Booking…', busy: actions.book.isPending }}
        footer={
          <p>
            <button type="button" className="app-button app-button--ghost" onClick={onClose}>
              Cancel and choose another time
            </button>
          </p>
        }
      >
        <Field
          ref={firstField}
          id="caller-name"
          name="fullName"
          label="Full name"
          autoComplete="off"
          error={form.fieldErrors.fullName}
        />
        <Field
          id="caller-phone"
          name="phone"
          label="Phone number"
          type="tel"
          autoComplete="off"
          error={form.fieldErrors.phone}
        />
        <Field
          id="caller-email"
          name="email"
          label="Email address"
          type="email"
          optional
          hint="Leave empty if the caller has none: no e-mail is sent then."
          autoComplete="off"
          error={form.fieldErrors.email}
        />
        <TickBox
          id="caller-sms"
          name="smsConsent"
          label="The caller agrees to updates by SMS"
          hint={`Read this to the caller first: ${consentHints.sms}`}
          error={form.fieldErrors.smsConsent}
        />
        <TickBox
          id="caller-whatsapp"
          name="whatsappConsent"
          label="The caller agrees to updates by WhatsApp"
          hint={`Read this to the caller first: ${consentHints.whatsapp}`}
          error={form.fieldErrors.whatsappConsent}
        />
        <TextArea id="caller-message" name="message" label="Message" optional error={form.fieldErrors.message} />
      </AppForm>
    </section>
  );
}
