import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MESSAGE, isBlank } from '../../../shared/schemas/field-rules';
import { jobApplicationSchema } from '../../../shared/schemas/job-application';
import { tripPlanSchema } from '../../../shared/schemas/trip-plan';

const application = {
  jobTitle: 'Data Analyst',
  fullName: 'Adaeze Okafor',
  email: 'adaeze@example.com',
  resumeLink: 'https://example.com/cv.pdf',
};
const messagesFor = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message) ?? [];

describe('required text and invisible characters (issue #11.8)', () => {
  it.each(['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', ' \u200B\u200C \u2060\uFEFF ', '\u200B\u200B\u200B'])(
    'counts %j as empty in a required text',
    (invisible) => {
      expect(isBlank(invisible)).toBe(true);
      const result = jobApplicationSchema.safeParse({ ...application, fullName: invisible });
      expect(result.success).toBe(false);
      expect(messagesFor(result, 'fullName')).toEqual(['Enter your full name.']);
      const trip = tripPlanSchema.safeParse({
        destination: invisible,
        numberOfTravelers: 1,
        fullName: 'Bola',
        email: 'bola@example.com',
      });
      expect(messagesFor(trip, 'destination')).toEqual(['Enter your destination.']);
    },
  );

  it('keeps text that has visible characters next to invisible ones', () => {
    expect(isBlank('\u200BAda')).toBe(false);
    const result = jobApplicationSchema.safeParse({ ...application, fullName: 'Ada\u200Beze' });
    expect(result.success).toBe(true);
  });
});

describe('idempotency key (issue #11.9)', () => {
  it('accepts 16 to 64 url-safe characters, or none', () => {
    expect(jobApplicationSchema.safeParse({ ...application, idempotencyKey: 'a'.repeat(16) }).success).toBe(true);
    expect(
      jobApplicationSchema.safeParse({ ...application, idempotencyKey: 'Ab-_9'.repeat(12) + 'abcd' }).success,
    ).toBe(true);
    expect(jobApplicationSchema.safeParse(application).success).toBe(true);
  });

  it.each(['short', 'a'.repeat(65), 'has space in the key!', 'ключ-ключ-ключ-ключ'])('refuses %j', (key) => {
    const result = jobApplicationSchema.safeParse({ ...application, idempotencyKey: key });
    expect(messagesFor(result, 'idempotencyKey')).toEqual([IDEMPOTENCY_KEY_MESSAGE]);
  });
});
