import { describe, expect, it } from 'vitest';
import { isGsm7, nonGsm7Characters, smsSize } from '../../../shared/messaging/sms-encoding';

describe('SMS size', () => {
  it('counts GSM-7 at 160 to one segment, then 153 to each', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(smsSize('a'.repeat(307))).toEqual({ encoding: 'GSM-7', units: 307, segments: 3 });
  });

  it('counts an extension character (€ [ ] { } ^ ~ | \\) as two septets', () => {
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize(`${'a'.repeat(159)}[`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('turns the whole text into UCS-2 for one character outside the alphabet: 70, then 67 to a segment', () => {
    expect(smsSize(`${'a'.repeat(69)}’`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize(`${'a'.repeat(70)}’`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSize('ẹ'.repeat(134))).toEqual({ encoding: 'UCS-2', units: 134, segments: 2 });
    expect(smsSize('ẹ'.repeat(135)).segments).toBe(3);
  });

  it('counts an emoji as two UCS-2 units', () => {
    expect(smsSize('👍')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
  });

  it('names the characters that force UCS-2', () => {
    expect(isGsm7('Naira ₦500')).toBe(false);
    expect(nonGsm7Characters('Ọjọ́ ’ok’ ₦')).toEqual(['Ọ', 'ọ', '́', '’', '₦']);
    expect(isGsm7('Ilera Health: ref APT-7KQ2M, Fri 27 Nov, 10:00 (Lagos time). £ é @')).toBe(true);
  });
});
