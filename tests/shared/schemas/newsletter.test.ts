import { describe, expect, it } from 'vitest';
import { newsletterSchema } from '../../../shared/schemas/newsletter';

const messages = (input: unknown) => {
  const result = newsletterSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('newsletterSchema', () => {
  it('asks for an address with the spec message when it is empty, blank or missing', () => {
    for (const input of [{ email: '' }, { email: '   ' }, {}])
      expect(messages(input)).toEqual(['email: Please enter your email address.']);
  });

  it('checks the format and the 254-character maximum', () => {
    expect(messages({ email: 'no-at-sign' })).toEqual([
      'email: Enter an email address in the correct format, like name@example.com.',
    ]);
    expect(messages({ email: `${'a'.repeat(250)}@b.co` })).toEqual([
      'email: Email address must be 254 characters or fewer.',
    ]);
  });

  it('trims the address', () => {
    expect(newsletterSchema.parse({ email: '  a@b.co ' }).email).toBe('a@b.co');
  });
});
