import { describe, expect, it } from 'vitest';
import { serviceOrderSchema } from '../../../shared/schemas/service-order';

const valid = {
  fullName: 'Ada',
  email: 'a@b.co',
  phone: '',
  serviceCategory: 'Virtual Consultation',
  servicePackage: '',
  message: '',
};

describe('serviceOrderSchema', () => {
  it('requires a package only for Medical Tourism Package', () => {
    expect(serviceOrderSchema.safeParse(valid).success).toBe(true);
    const missing = serviceOrderSchema.safeParse({ ...valid, serviceCategory: 'Medical Tourism Package' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['servicePackage', 'Select a medical tourism package.'],
    ]);
    expect(
      serviceOrderSchema.parse({
        ...valid,
        serviceCategory: 'Medical Tourism Package',
        servicePackage: 'Premium Package',
      }).servicePackage,
    ).toBe('Premium Package');
  });

  it('drops a package sent with any other category', () => {
    expect(serviceOrderSchema.parse({ ...valid, servicePackage: 'Premium Package' }).servicePackage).toBeNull();
  });

  it('accepts only the listed categories', () => {
    expect(serviceOrderSchema.safeParse({ ...valid, serviceCategory: 'Cheap Drugs' }).success).toBe(false);
  });
});
