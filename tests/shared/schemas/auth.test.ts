import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import {
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  signUpFormSchema,
  signUpSchema,
} from '../../../shared/schemas/auth';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('sign-up schemas (spec section 5)', () => {
  it('uses the spec texts and the one minimum-length constant', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Password must be at least 6 characters long.');
    expect(PASSWORDS_DO_NOT_MATCH_MESSAGE).toBe('Passwords do not match.');
  });

  it('the client form checks that the passwords match, even when another field is empty', () => {
    const result = signUpFormSchema.safeParse({
      fullName: '',
      email: 'ada@example.ng',
      password: 'abcdefg',
      confirmPassword: 'abcdefh',
    });
    expect(issues(result)).toMatchObject({
      confirmPassword: 'Passwords do not match.',
      fullName: 'Enter your full name.',
    });
  });

  it('requires all four fields and the minimum length', () => {
    const result = signUpFormSchema.safeParse({ fullName: '', email: '', password: '12345', confirmPassword: '' });
    expect(issues(result)).toEqual({
      fullName: 'Enter your full name.',
      email: 'Enter your email address.',
      password: 'Password must be at least 6 characters long.',
      confirmPassword: 'Confirm your password.',
    });
  });

  it('the schema sent to the server has no confirmPassword', () => {
    const parsed = signUpSchema.parse({
      fullName: ' Ada ',
      email: 'ada@example.ng',
      password: ' spaced ',
      confirmPassword: ' spaced ',
    });
    expect(parsed).toEqual({ fullName: 'Ada', email: 'ada@example.ng', password: ' spaced ' });
  });
});
