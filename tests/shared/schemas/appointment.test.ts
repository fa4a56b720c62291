import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentSchema } from '../../../shared/schemas/appointment';

const valid = {
  fullName: 'Ada',
  email: 'a@b.co',
  phone: '',
  preferredDate: '2025-06-15',
  preferredTime: '',
  serviceType: 'Other',
  message: '',
};
afterEach(() => vi.useRealTimers());

describe('appointmentSchema', () => {
  it('refuses a date before today in Lagos, whatever the clock zone', () => {
    // 23:30 UTC on 14 June is already 15 June in Lagos.
    vi.useFakeTimers({ now: new Date('2025-06-14T23:30:00Z'), toFake: ['Date'] });
    expect(appointmentSchema.safeParse({ ...valid, preferredDate: '2025-06-15' }).success).toBe(true);
    const past = appointmentSchema.safeParse({ ...valid, preferredDate: '2025-06-14' });
    expect(past.error?.issues[0]?.message).toBe('Preferred date cannot be before today.');
  });

  it('requires name, email, date and service; time, phone and message are optional', () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T12:00:00Z'), toFake: ['Date'] });
    const result = appointmentSchema.safeParse({ fullName: '', email: '', preferredDate: '', serviceType: '' });
    expect([...new Set(result.error?.issues.map((issue) => issue.path[0]))]).toEqual([
      'fullName',
      'email',
      'preferredDate',
      'serviceType',
    ]);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'preferredDate')?.message).toBe(
      'Enter your preferred date.',
    );
    expect(appointmentSchema.parse(valid)).toMatchObject({ preferredTime: null, phone: null, message: null });
  });

  it('accepts only the seven time slots', () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T12:00:00Z'), toFake: ['Date'] });
    expect(appointmentSchema.safeParse({ ...valid, preferredTime: '11 AM-12 PM' }).success).toBe(true);
    expect(appointmentSchema.safeParse({ ...valid, preferredTime: '12-01 PM' }).success).toBe(false);
  });
});
