import { describe, expect, it } from 'vitest';
import { consentStatusText } from '../../../../client/features/dashboard/phone-updates';

describe("'Updates on your phone': a channel's state in words", () => {
  it('names the Lagos day it was turned on, or stopped by a STOP reply; off is just Off', () => {
    // 23:30 UTC on 26 November is already 27 November in Lagos.
    expect(consentStatusText({ status: 'on', since: '2026-11-26T23:30:00.000Z' })).toBe('On since 27 Nov 2026');
    expect(consentStatusText({ status: 'stopped', since: '2026-12-01T09:00:00.000Z' })).toBe(
      'Stopped by your reply STOP on 1 Dec 2026',
    );
    expect(consentStatusText({ status: 'off' })).toBe('Off');
  });
});
