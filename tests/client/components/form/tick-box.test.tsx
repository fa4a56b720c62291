// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TickBox } from '../../../../client/components/form/tick-box';
import { ToastProvider } from '../../../../client/components/toast/toast-provider';
import { appointmentMessages } from '../../../../client/features/forms/appointment/appointment-form';
import { StoredForm } from '../../../../client/features/forms/stored-form';
import { CONSENT_NEEDS_PHONE_MESSAGE, consentHints, consentLabels } from '../../../../shared/messaging/consent';

// The form loads its check (zod + schema) on demand; warm that import so no wait below races a cold transform.
beforeAll(async () => {
  await import('../../../../client/features/forms/stored-form-check');
});

afterEach(cleanup);

const describedTexts = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

function appointmentForm(initialValues: Record<string, string> = {}) {
  return render(
    <ToastProvider>
      <StoredForm name="appointment" messages={appointmentMessages} initialValues={initialValues} />
    </ToastProvider>,
  );
}

describe('TickBox', () => {
  it('is a checkbox labelled beside it, posting the browser’s own on, never required, described by its hint', () => {
    render(<TickBox id="box" name="agree" label="Send me news" hint="Once a month." />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Send me news' });
    expect(box.value).toBe('on');
    expect(box.required).toBe(false);
    expect(box.checked).toBe(false);
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    expect(describedTexts(box)).toEqual(['Once a month.']);
    fireEvent.click(screen.getByText('Send me news'));
    expect(box.checked).toBe(true);
  });

  it('shows its error with the hidden Error: prefix, marks the box invalid and is described by hint and error', () => {
    render(<TickBox id="box" name="agree" label="Send me news" hint="Once a month." error="Say yes or no." />);
    const box = screen.getByRole('checkbox', { name: 'Send me news' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(box)).toEqual(['Once a month.', 'Error: Say yes or no.']);
  });
});

describe('the consent boxes on a request form (issue #27.5)', () => {
  it('follow the phone in a group named Updates on your phone (optional), unticked, in the shared wording', () => {
    appointmentForm();
    const group = screen.getByRole('group', { name: /^Updates on your phone\s*\(optional\)$/ });
    const sms = within(group).getByRole<HTMLInputElement>('checkbox', { name: consentLabels.sms });
    const whatsapp = within(group).getByRole<HTMLInputElement>('checkbox', { name: consentLabels.whatsapp });
    expect([sms.checked, whatsapp.checked]).toEqual([false, false]);
    expect([sms.name, whatsapp.name]).toEqual(['smsConsent', 'whatsappConsent']);
    expect(describedTexts(sms)).toEqual([consentHints.sms]);
    expect(describedTexts(whatsapp)).toEqual([consentHints.whatsapp]);
    // Right after the phone: the next control in the form's order is the SMS box.
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Book an appointment' });
    const named = Array.from(form.elements).filter((element) => (element as HTMLInputElement).name);
    const phoneAt = named.findIndex((element) => (element as HTMLInputElement).name === 'phone');
    expect(named.slice(phoneAt + 1, phoneAt + 3)).toEqual([sms, whatsapp]);
  });

  it('come back ticked from the values typed early or sent in a refused plain post, and post on', () => {
    appointmentForm({ fullName: 'Ada Obi', phone: '0803 123 4567', whatsappConsent: 'on' });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: consentLabels.whatsapp }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: consentLabels.sms }).checked).toBe(false);
    const posted = new FormData(screen.getByRole<HTMLFormElement>('form', { name: 'Book an appointment' }));
    expect(posted.get('whatsappConsent')).toBe('on');
    expect(posted.has('smsConsent')).toBe(false);
  });

  it('a box ticked with no phone is named at the box and in the error summary, which links to it', async () => {
    appointmentForm({
      fullName: 'Ada Obi',
      email: 'ada@example.com',
      preferredDate: '2999-01-01',
      serviceType: 'General Check-up',
    });
    const sms = screen.getByRole<HTMLInputElement>('checkbox', { name: consentLabels.sms });
    fireEvent.click(sms);
    fireEvent.click(screen.getByRole('button', { name: 'Request Appointment' }));
    await waitFor(() => expect(sms.getAttribute('aria-invalid')).toBe('true'));
    expect(describedTexts(sms)).toContain(`Error: ${CONSENT_NEEDS_PHONE_MESSAGE}`);
    const link = screen.getByRole('link', { name: CONSENT_NEEDS_PHONE_MESSAGE });
    expect(link.getAttribute('href')).toBe(`#${sms.id}`);
    expect(sms.checked).toBe(true);
  });
});
