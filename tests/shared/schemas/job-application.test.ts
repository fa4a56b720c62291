import { describe, expect, it } from 'vitest';
import { jobApplicationSchema } from '../../../shared/schemas/job-application';

const valid = {
  jobTitle: 'Data Analyst',
  fullName: 'Ada',
  email: 'a@b.co',
  phone: '',
  resumeLink: 'https://example.com/cv',
  coverLetter: '',
};
const fieldErrors = (input: object) => {
  const result = jobApplicationSchema.safeParse(input);
  // The form shows each field's first message.
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]));
};

describe('jobApplicationSchema', () => {
  it('accepts a valid application and stores empty optional answers as null', () => {
    expect(jobApplicationSchema.parse(valid)).toMatchObject({ phone: null, coverLetter: null });
  });

  it('requires name, email and resume link', () => {
    expect(fieldErrors({ ...valid, fullName: '', email: '', resumeLink: '' })).toEqual({
      fullName: 'Enter your full name.',
      email: 'Enter your email address.',
      resumeLink: 'Enter a link to your resume.',
    });
  });

  it('accepts only http and https links', () => {
    expect(fieldErrors({ ...valid, resumeLink: 'javascript:alert(1)' }).resumeLink).toMatch(/http:\/\/ or https:\/\//);
    expect(fieldErrors({ ...valid, resumeLink: 'http://example.com' })).toEqual({});
  });

  it('limits a cover letter to 5,000 characters and a phone to 32', () => {
    expect(fieldErrors({ ...valid, coverLetter: 'x'.repeat(5001) }).coverLetter).toBe(
      'Cover letter must be 5,000 characters or fewer.',
    );
    expect(fieldErrors({ ...valid, phone: '1'.repeat(33) }).phone).toBe('Phone number must be 32 characters or fewer.');
  });
});
