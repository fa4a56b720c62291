import { describe, expect, it } from 'vitest';
import { categoryFromServiceSlug, packageFromParam, serviceCategories } from '../../shared/form-options';

describe('order form query parameters', () => {
  it('turn a hyphenated service slug into its Title Cased category', () => {
    expect(categoryFromServiceSlug('virtual-consultation')).toBe('Virtual Consultation');
    expect(categoryFromServiceSlug('mental-health-support')).toBe('Mental Health Support');
    expect(categoryFromServiceSlug('international-health')).toBe('International Health');
    expect(categoryFromServiceSlug('health-records-management')).toBe('Health Records Management (Provider)');
    expect(categoryFromServiceSlug('medical-tourism')).toBe('Medical Tourism Package');
    expect(categoryFromServiceSlug('no-such-thing')).toBe('');
    expect(categoryFromServiceSlug('')).toBe('');
  });

  it('read a package by name or slug', () => {
    expect(packageFromParam('Premium Package')).toBe('Premium Package');
    expect(packageFromParam('premium-package')).toBe('Premium Package');
    expect(packageFromParam('standard')).toBe('Standard Package');
    expect(packageFromParam('extra-standard')).toBe('Extra Standard Package');
    expect(packageFromParam('special')).toBe('Special Package (Companion)');
    expect(packageFromParam('gold')).toBe('');
  });

  it('list the 14 categories of the spec', () => {
    expect(serviceCategories).toHaveLength(14);
  });
});
