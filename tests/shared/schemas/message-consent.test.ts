import { describe, expect, it } from 'vitest';
import { storedForms } from '../../../shared/forms/stored-forms';
import { CONSENT_NEEDS_PHONE_MESSAGE } from '../../../shared/messaging/consent';
import { tickBox } from '../../../shared/schemas/field-rules';

/** A valid post of each request form, as a browser sends it (strings only, an unticked box absent). */
const posted: Record<'appointment' | 'service-order' | 'trip-plan' | 'job-application', Record<string, string>> = {
  appointment: {
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    preferredDate: '2999-01-01',
    serviceType: 'Other',
  },
  'service-order': { fullName: 'Ada Obi', email: 'ada@example.com', serviceCategory: 'General Inquiry' },
  'trip-plan': { fullName: 'Ada Obi', email: 'ada@example.com', destination: 'India', numberOfTravelers: '1' },
  'job-application': {
    jobTitle: 'Nurse',
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    resumeLink: 'https://example.com/cv',
  },
};

const parse = (name: keyof typeof posted, fields: Record<string, string>) => {
  const stored = storedForms[name];
  return stored.schema.safeParse(stored.toInput((field) => fields[field] ?? ''));
};

describe('the consent boxes in the request schemas (issue #27.5)', () => {
  for (const name of Object.keys(posted) as (keyof typeof posted)[]) {
    describe(name, () => {
      it("parses a posted 'on' as true and an absent box as false", () => {
        const ticked = parse(name, { ...posted[name], phone: '0803 123 4567', smsConsent: 'on' });
        expect(ticked.data).toMatchObject({ smsConsent: true, whatsappConsent: false });
        const unticked = parse(name, { ...posted[name], phone: '0803 123 4567' });
        expect(unticked.data).toMatchObject({ smsConsent: false, whatsappConsent: false });
      });

      it('names a box ticked with no phone on that box, and only that box', () => {
        const result = parse(name, { ...posted[name], whatsappConsent: 'on' });
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
          ['whatsappConsent', CONSENT_NEEDS_PHONE_MESSAGE],
        ]);
      });
    });
  }

  it('a tick box takes true, on and true as text; refuses anything else rather than reading it as no', () => {
    const box = tickBox();
    expect([true, 'on', 'true'].map((value) => box.parse(value))).toEqual([true, true, true]);
    expect([false, undefined].map((value) => box.parse(value))).toEqual([false, false]);
    expect(box.safeParse('yes').error?.issues[0]?.message).toBe('Tick the box or leave it empty.');
  });
});
