import { describe, expect, it } from 'vitest';
import { tripPlanSchema } from '../../../shared/schemas/trip-plan';

const valid = {
  destination: 'London',
  departureDate: '',
  returnDate: '',
  numberOfTravelers: 1,
  accommodationPreference: '',
  activityInterests: '',
  fullName: 'Ada',
  email: 'a@b.co',
  phone: '',
  additionalRequests: '',
};

describe('tripPlanSchema', () => {
  it('turns empty dates and choices into null', () => {
    expect(tripPlanSchema.parse(valid)).toMatchObject({
      departureDate: null,
      returnDate: null,
      accommodationPreference: null,
      activityInterests: null,
    });
  });

  it('needs at least 1 traveler, as a whole number', () => {
    for (const numberOfTravelers of [0, 1.5, Number.NaN, '1'])
      expect(tripPlanSchema.safeParse({ ...valid, numberOfTravelers }).success).toBe(false);
    expect(tripPlanSchema.parse({ ...valid, numberOfTravelers: 3 }).numberOfTravelers).toBe(3);
  });

  it('refuses a return before the departure', () => {
    const result = tripPlanSchema.safeParse({ ...valid, departureDate: '2030-05-10', returnDate: '2030-05-01' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['returnDate']);
  });

  it('accepts only the listed accommodation and activities', () => {
    expect(
      tripPlanSchema.safeParse({
        ...valid,
        accommodationPreference: 'Hotel (5-star)',
        activityInterests: 'Food & Culinary',
      }).success,
    ).toBe(true);
    expect(tripPlanSchema.safeParse({ ...valid, accommodationPreference: 'Castle' }).success).toBe(false);
  });
});
