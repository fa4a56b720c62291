/**
 * A patient's own appointments on the dashboard (issue #28.7): which are theirs, and a fresh link replacing the old one
 * only by compare-and-set, on the project's engine. Times are literal Lagos times on Monday 30 November 2026.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot } from '../../../server/booking/book-slot';
import { changeableBooking } from '../../../server/booking/change-booking';
import { hashManageToken } from '../../../server/booking/manage-token';
import { issueOwnerLink, replaceManageToken, upcomingAppointments } from '../../../server/booking/owner-links';
import type { AppDatabase } from '../../../server/db/database';
import { loadEnv } from '../../../server/env';
import type { AppServices } from '../../../server/services';

import { bookSlotSchema } from '../../../shared/schemas/booking';
import { seedClinician, weekdays } from '../../helpers/booking-seed';
import { silentLogger } from '../../helpers/silent-logger';
import { createTestDb } from '../../helpers/test-db';
import { testServices } from '../../helpers/test-services';

const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const NOW = at('2026-11-30T07:00');

let db: AppDatabase;
let services: AppServices;
let checkUpId: number;
let videoId: number;
beforeAll(async () => {
  db = await createTestDb();
  services = testServices({
    db,
    env: loadEnv({ PUBLIC_ORIGIN: 'https://clinic.example', VIDEO_LINK_TEMPLATE: 'https://video.example/{room}' }),
    logger: silentLogger,
  });
  await seedClinician(db, {
    name: 'Dr Amaka Obi',
    service: 'General Check-up',
    slotMinutes: 30,
    hours: weekdays('09:00', '12:00'),
  });
  await seedClinician(db, {
    name: 'Dr Tunde Bello',
    service: 'Virtual Consultation',
    slotMinutes: 30,
    hours: weekdays('14:00', '15:00'),
  });
  const book = async (service: string, slot: number, email: string) => {
    const result = await bookSlot(
      services,
      { kind: 'patient', ip: '192.0.2.1' },
      bookSlotSchema.parse({ service, slot: String(slot), fullName: 'Bola Ade', email, phone: '', fillMs: 5000 }),
      NOW,
    );
    if (!result.booked) throw new Error('not booked');
    const request = await db
      .selectFrom('requests')
      .select('id')
      .where('reference', '=', result.reference)
      .executeTakeFirstOrThrow();
    return (await db.selectFrom('bookings').select('id').where('request_id', '=', request.id).executeTakeFirstOrThrow())
      .id;
  };
  checkUpId = await book('General Check-up', at('2026-12-01T10:00'), 'bola@example.ng');
  videoId = await book('Virtual Consultation', at('2026-11-30T14:00'), 'BOLA@example.ng');
  await book('General Check-up', at('2026-12-01T11:00'), 'someone@example.ng');
});
afterAll(() => db.destroy());

const hashOf = async (id: number) =>
  (await db.selectFrom('bookings').select('manage_token_hash').where('id', '=', id).executeTakeFirstOrThrow())
    .manage_token_hash;

describe("a patient's upcoming appointments", () => {
  it('lists their booked times soonest first, whatever the case of the address, with the video link or the address', async () => {
    const list = await upcomingAppointments(services, 'Bola@Example.NG', NOW);
    expect(list.map((item) => [item.id, item.service, item.startsAt, item.clinician])).toEqual([
      [videoId, 'Virtual Consultation', at('2026-11-30T14:00'), 'Dr Tunde Bello'],
      [checkUpId, 'General Check-up', at('2026-12-01T10:00'), 'Dr Amaka Obi'],
    ]);
    expect(list[0]!.videoLink).toMatch(/^https:\/\/video\.example\/[A-Za-z0-9_-]{24}$/);
    expect(list[0]!.address).toBeNull();
    expect(list[1]!.videoLink).toBeNull();
    expect(list[1]!.address).toContain('Lagos');
  });

  it('leaves out a time that has started', async () => {
    const later = await upcomingAppointments(services, 'bola@example.ng', at('2026-11-30T14:00'));
    expect(later.map((item) => item.id)).toEqual([checkUpId]);
  });
});

describe('a fresh link for one of them', () => {
  it("someone else's booking is not found, and keeps its token", async () => {
    const before = await hashOf(checkUpId);
    expect(await issueOwnerLink(services, 'someone@example.ng', checkUpId, NOW)).toEqual({ kind: 'not-found' });
    expect(await issueOwnerLink(services, 'bola@example.ng', 999_999, NOW)).toEqual({ kind: 'not-found' });
    expect(await hashOf(checkUpId)).toBe(before);
  });

  it('replaces the token: the new link works, the old one no longer does', async () => {
    const before = await hashOf(checkUpId);
    const link = await issueOwnerLink(services, 'BOLA@example.ng', checkUpId, NOW);
    expect(link.kind).toBe('issued');
    if (link.kind !== 'issued') return;
    expect(await hashOf(checkUpId)).toBe(hashManageToken(link.token));
    expect(await hashOf(checkUpId)).not.toBe(before);
    expect((await changeableBooking(services, null, { token: link.token }, NOW)).id).toBe(checkUpId);
  });

  it('compare-and-set: a stale hash replaces nothing', async () => {
    const current = await hashOf(checkUpId);
    expect(await replaceManageToken(services, checkUpId, 'f'.repeat(64))).toEqual({ kind: 'changed' });
    expect(await hashOf(checkUpId)).toBe(current);
    expect((await replaceManageToken(services, checkUpId, current)).kind).toBe('issued');
    expect(await hashOf(checkUpId)).not.toBe(current);
  });

  it('an anonymised request is no longer theirs', async () => {
    const request = await db
      .selectFrom('bookings')
      .select('request_id')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('requests')
      .set({ anonymised_at: new Date(NOW).toISOString() })
      .where('id', '=', request.request_id)
      .execute();
    expect(await issueOwnerLink(services, 'bola@example.ng', videoId, NOW)).toEqual({ kind: 'not-found' });
    expect((await upcomingAppointments(services, 'bola@example.ng', NOW)).map((item) => item.id)).toEqual([checkUpId]);
  });
});
