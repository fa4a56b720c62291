/**
 * A page sent with Referrer-Policy: no-referrer (a booking's link page, issue #28.4) posts its plain forms with
 * 'Origin: null'. Such a post is this site's only when the browser's Sec-Fetch-Site says same-origin.
 */
import { describe, expect, it } from 'vitest';
import { originAllowed } from '../../../server/http/origin-check';

const request = (origin: string | undefined, secFetchSite: string | undefined) => ({
  origin,
  secFetchSite,
  protocol: 'https',
  host: 'clinic.example',
  configuredOrigin: 'https://clinic.example',
});

describe("originAllowed with 'Origin: null'", () => {
  it('allows a same-origin post and refuses every other', () => {
    expect(
      ['same-origin', 'same-site', 'cross-site', 'none', undefined].map((site) => originAllowed(request('null', site))),
    ).toEqual([true, false, false, false, false]);
  });

  it('still decides by the Origin when it is a real one', () => {
    expect(originAllowed(request('https://clinic.example', 'cross-site'))).toBe(true);
    expect(originAllowed(request('https://evil.example', 'same-origin'))).toBe(false);
  });
});
