import { describe, expect, it } from 'vitest';
import { appointmentServices, medicalTourismPackages, serviceCategories } from '../../../shared/form-options';
import { requestTypeLabels } from '../../../shared/requests';
import { smsSize, nonGsm7Characters } from '../../../shared/messaging/sms-encoding';
import {
  SMS_SEGMENT_BUDGET,
  TEMPLATE_NAMES,
  emailTextFor,
  renderTemplate,
  type TemplateName,
  type TemplateParams,
} from '../../../server/messaging/message-templates';

/** The longest value each parameter takes in practice: a reference, a site address, a noun, a time. */
const longest = {
  reference: 'APT-ZZZZZZ',
  link: 'appointments.ilerahealth-lagos.example/dashboard',
  noun: Object.values(requestTypeLabels)
    .map((label) => label.toLowerCase())
    .sort((a, b) => b.length - a.length)[0]!,
  when: '2026-09-30T23:59',
};

/** Each template with its longest values, and with every length of staff's words for the two that carry them. */
function renderings(): { name: TemplateName; text: string }[] {
  const words = (length: number) => 'Please bring your card and arrive early. '.repeat(20).slice(0, length);
  const all: { name: TemplateName; text: string }[] = [];
  const add = <T extends TemplateName>(name: T, params: TemplateParams[T]) =>
    all.push({ name, text: renderTemplate(name, params) });
  for (const name of TEMPLATE_NAMES) {
    if (name === 'staff_message' || name === 'chat_reply') {
      for (let length = 0; length <= 400; length++)
        for (const emailed of [true, false]) {
          if (name === 'staff_message') add(name, { ...longest, message: words(length), emailed });
          else add(name, { link: longest.link, message: words(length) });
        }
      // Staff's words outside GSM-7 (a Yoruba name, a curly quote) must not turn the text into UCS-2.
      if (name === 'staff_message')
        add(name, { ...longest, message: 'Ẹ kú àárọ̀, Ṣọlá’s results are ready', emailed: true });
      else add(name, { link: longest.link, message: 'Ẹ kú àárọ̀ ’' });
      continue;
    }
    add(name, { ...longest });
    if (name === 'request_confirmed') add(name, { ...longest, when: null });
  }
  return all;
}

/**
 * A text on a shared phone is not private (issue #27.4): no diagnosis, symptom or sensitive service. The services the
 * forms offer are on the list too: 'Mental Health Support' named in a text tells whoever reads the phone.
 */
const SENSITIVE = [
  'hiv',
  'aids',
  'pregnan',
  'abortion',
  'miscarriage',
  'sti',
  'std',
  'sexual',
  'contracept',
  'fertility',
  'ivf',
  'cancer',
  'tumour',
  'tumor',
  'diabet',
  'hypertension',
  'blood pressure',
  'malaria',
  'tuberculosis',
  'hepatitis',
  'mental',
  'depress',
  'anxiety',
  'psychiatr',
  'therapy',
  'addiction',
  'rehab',
  'diagnos',
  'symptom',
  'result',
  'test',
  'pain',
  'bleed',
  'fever',
  'surgery',
  'operation',
  'prescription',
  'medication',
  'sickle',
  'stroke',
  ...appointmentServices.filter((service) => service !== 'Other'),
  ...serviceCategories.filter((category) => !['General Inquiry', 'Appointment Scheduling'].includes(category)),
  ...medicalTourismPackages,
].map((word) => word.toLowerCase());

const wordsOf = (text: string) => text.toLowerCase();

describe('message templates', () => {
  it.each(TEMPLATE_NAMES)('%s fits in 2 GSM-7 segments at its longest', (name) => {
    for (const { text } of renderings().filter((rendering) => rendering.name === name)) {
      const size = smsSize(text);
      expect({ text, encoding: size.encoding, outside: nonGsm7Characters(text) }).toEqual({
        text,
        encoding: 'GSM-7',
        outside: [],
      });
      expect(size.segments, text).toBeLessThanOrEqual(SMS_SEGMENT_BUDGET);
    }
  });

  it.each(TEMPLATE_NAMES)('%s names no diagnosis, symptom or sensitive service of its own', (name) => {
    // Staff's words are theirs (the page warns them); the template around them is checked here, with neutral words.
    const texts = renderings()
      .filter((rendering) => rendering.name === name)
      .map((rendering) => rendering.text.replaceAll('Please bring your card and arrive early.', ''));
    for (const text of texts) {
      const found = SENSITIVE.filter((word) => new RegExp(`\\b${word}`).test(wordsOf(text)));
      expect({ text, found }).toEqual({ text, found: [] });
    }
  });

  it('gives the reference and a link or a number to call in every request text', () => {
    for (const { name, text } of renderings()) {
      if (name === 'chat_reply') expect(text).toContain(longest.link.split('/')[0]);
      else expect(text).toContain(longest.reference);
      expect(text).toMatch(/Reply STOP to end texts\.$/);
    }
  });

  it("carries staff's words when they fit, and says where they are when they do not", () => {
    const short = renderTemplate('staff_message', { ...longest, message: 'Bring your card.', emailed: false });
    expect(short).toContain('Bring your card.');
    const long = 'x'.repeat(400);
    expect(renderTemplate('staff_message', { ...longest, message: long, emailed: true })).toContain('we e-mailed you');
    expect(renderTemplate('staff_message', { ...longest, message: long, emailed: false })).toContain('to hear it');
    const yoruba = renderTemplate('staff_message', { ...longest, message: 'Ẹ kú àárọ̀', emailed: true });
    expect(yoruba).not.toContain('Ẹ kú');
  });

  it("puts staff's words whole in the e-mail a message falls back to", () => {
    const message = `Line one.\nLine two, ${'long '.repeat(80)}`;
    const text = emailTextFor('staff_message', JSON.stringify({ ...longest, message, emailed: true }));
    expect(text).toContain(message);
  });
});
