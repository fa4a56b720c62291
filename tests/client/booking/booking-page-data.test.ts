/** The id the pages read their per-request data from is the one the server writes it under (issue #28). */
import { describe, expect, it } from 'vitest';
import { EMBEDDED_PAGE_DATA_ID, pageDataFor } from '../../../client/features/booking/booking-page-data';
import { PAGE_DATA_ID } from '../../../shared/render-result';

describe('page data', () => {
  it('is read from the element the server writes', () => {
    expect(EMBEDDED_PAGE_DATA_ID).toBe(PAGE_DATA_ID);
  });

  it("gives a page its own data from the render, and nothing of another page's", () => {
    const data = { page: 'book-appointment', data: { services: ['General Check-up'] } };
    expect(pageDataFor(data, 'book-appointment')).toEqual({ services: ['General Check-up'] });
    expect(pageDataFor(data, 'appointment-cancel')).toBeNull();
  });
});
