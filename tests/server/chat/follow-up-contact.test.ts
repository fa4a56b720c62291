import { describe, expect, it } from 'vitest';
import { parseFollowUpContact } from '../../../server/chat/follow-up-contact';

// The bot's out-of-hours question takes an e-mail or a WhatsApp number; the number is stored in E.164, the same form
// as the forms' numbers (issue #23.4).
describe('the follow-up contact in a visitor answer', () => {
  it.each([
    ['0803 123 4567', '+2348031234567'],
    ['You can reach me on 0803-123-4567 on WhatsApp', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+234 (0) 803 123 4567', '+2348031234567'],
    ['my line is 0720 123 4567', '+2347201234567'],
    ['+44 7911 123456', '+447911123456'],
  ])('reads %j as the WhatsApp number %s', (answer, e164) => {
    expect(parseFollowUpContact(answer)).toEqual({ kind: 'whatsapp', value: e164 });
  });

  it('takes no number that is not a valid mobile', () => {
    expect(parseFollowUpContact('+12345678')).toBeNull();
    expect(parseFollowUpContact('call 0803 123 456')).toBeNull();
    expect(parseFollowUpContact('+44 20 7946 0958')).toBeNull();
  });

  it('prefers an e-mail address, in lower case', () => {
    expect(parseFollowUpContact('Ada@Example.com or 0803 123 4567')).toEqual({
      kind: 'email',
      value: 'ada@example.com',
    });
  });
});
