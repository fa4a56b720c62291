import { describe, expect, it } from 'vitest';
import { brand } from '../../../../shared/brand';
import { validateContact } from '../../../../client/features/contact/contact-form';
import { mailtoHref } from '../../../../client/features/contact/mailto-href';

const valid = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  subject: 'Appointment & fees?',
  message: 'Hello,\nhow much is a visit?',
};

describe('contact form rules (spec section 5)', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('requires all four fields', () => {
    expect(Object.keys(validateContact({ name: '', email: '', subject: '', message: '' })).sort()).toEqual([
      'email',
      'message',
      'name',
      'subject',
    ]);
  });

  it.each(['ada', 'ada@', 'ada@example', 'a da@example.com'])('rejects the e-mail address %s', (email) => {
    expect(validateContact({ ...valid, email }).email).toBe(
      'Enter an email address in the correct format, like name@example.com',
    );
  });
});

describe('mailtoHref', () => {
  it('addresses the info mailbox with the subject and a body of name, e-mail and message, all URL-encoded', () => {
    const href = mailtoHref(valid);
    expect(href.startsWith(`mailto:${brand.email}?`)).toBe(true);
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(query.get('subject')).toBe(valid.subject);
    expect(query.get('body')).toBe('Name: Ada Obi\nEmail: ada@example.com\n\nMessage:\nHello,\nhow much is a visit?');
    expect(href).toContain('subject=Appointment%20%26%20fees%3F');
    expect(href).not.toMatch(/[\s\n]/);
  });
});
