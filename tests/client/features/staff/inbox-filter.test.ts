/** The inbox filter's triage rules on the page (issue #29.6): open work by default, live matches and the due order. */
import { describe, expect, it } from 'vitest';
import {
  filterFromQuery,
  filterToQuery,
  formatLagosDay,
  isOpenWork,
  liveMatch,
  sortByDue,
} from '../../../../client/features/staff/inbox-filter';
import type { InboxRow } from '../../../../shared/requests';

const row = (overrides: Partial<InboxRow>): InboxRow => ({
  id: 1,
  reference: 'APT-22222',
  type: 'appointment',
  fullName: 'Ada Obi',
  subject: 'General Check-up',
  requestedDate: null,
  status: 'new',
  ownerId: null,
  ownerName: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  confirmedFor: null,
  nextCallAt: null,
  ...overrides,
});
const NOW = Date.parse('2026-11-27T10:00:00Z'); // 11:00 in Lagos

describe('the inbox filter for triage', () => {
  it('shows open work when the URL names no status, and keeps every other choice', () => {
    expect(filterFromQuery('')).toEqual({ status: 'open' });
    expect(filterFromQuery('status=all&owner=me')).toEqual({ status: 'all', owner: 'me' });
    expect(filterFromQuery('status=lost')).toEqual({ status: 'open' });
    expect(filterToQuery({ status: 'open', owner: 'me' })).toBe('?status=open&owner=me');
  });

  it('open work is New, In progress, and Confirmed appointments still ahead', () => {
    expect(isOpenWork(row({ status: 'in_progress' }), NOW)).toBe(true);
    expect(isOpenWork(row({ status: 'confirmed', confirmedFor: '2026-11-27T11:00' }), NOW)).toBe(true);
    expect(isOpenWork(row({ status: 'confirmed', confirmedFor: '2026-11-27T10:59' }), NOW)).toBe(false);
    expect(isOpenWork(row({ status: 'confirmed', type: 'service_order' }), NOW)).toBe(false);
    expect(isOpenWork(row({ status: 'done' }), NOW)).toBe(false);
    expect(liveMatch({ status: 'open' }, row({ status: 'cancelled' }), null)).toBe('no');
    expect(liveMatch({ status: 'all' }, row({ status: 'cancelled' }), null)).toBe('yes');
  });

  it('sorts by what is due: a confirmed appointment by its time, the rest by age, ties by id', () => {
    const old = row({ id: 3, createdAt: '2026-11-26T08:00:00.000Z' });
    const fresh = row({ id: 4, createdAt: '2026-11-27T09:00:00.000Z' });
    const soon = row({ id: 5, status: 'confirmed', confirmedFor: '2026-11-27T09:30' }); // 08:30Z
    const twin = row({ id: 2, createdAt: '2026-11-26T08:00:00.000Z' });
    expect(sortByDue([fresh, soon, old, twin]).map((item) => item.id)).toEqual([2, 3, 5, 4]);
  });

  it('writes dates with their weekday', () => {
    expect(formatLagosDay('2026-11-27')).toBe('Fri 27 Nov');
    expect(formatLagosDay('2026-11-28T14:00')).toBe('Sat 28 Nov, 14:00');
  });
});
