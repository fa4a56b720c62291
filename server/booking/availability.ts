/**
 * What staff control for booking (issue #28.1): clinicians, the services each offers with its slot length, weekly
 * hours in Lagos time, one-off blocks and the clinic's closed days. Each write is one transaction through the booking
 * writer, then the audit log ('booking.availability'). A refusal is a field error naming the field, as a failing
 * parse gives it, so the page shows it beside the field. Retiring a clinician keeps their bookings; a block over
 * booked times is allowed, and the page lists the bookings it overlaps.
 */
import { TRPCError } from '@trpc/server';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { lagosDateOf } from '../../shared/booking/free-slots';
import { CLINICIAN_NOT_FOUND_MESSAGE } from '../../shared/messages/booking-messages';
import { NIGERIA_PUBLIC_HOLIDAYS } from '../../shared/support-hours';
import { WEEKDAY_NAMES, timeOfMinute } from '../../shared/schemas/availability';
import type { AuditLog } from '../audit/audit-log';
import type { AppDatabase } from '../db/database';
import { forUpdate } from '../db/dialect';
import type { Database } from '../db/schema';
import type { BookingService } from './booking-service';

type Trx = Transaction<Database>;
type Db = AppDatabase | Trx;

export type AvailabilityDeps = { db: AppDatabase; booking: BookingService; audit: AuditLog };
export type StaffActor = { userId: number; ip: string };

export const HOURS_OVERLAP_MESSAGE = (weekday: number, start: number, end: number, service: string) =>
  `These hours overlap ${WEEKDAY_NAMES[weekday - 1]} ${timeOfMinute(start)}–${timeOfMinute(end)} (${service}). Choose a start and end outside it.`;
export const SERVICE_NOT_OFFERED_MESSAGE =
  'This clinician does not offer this service yet: add the service with its slot length first.';
export const CLOSURE_EXISTS_MESSAGE = 'The clinic is already closed on this date.';
export const NOT_FOUND_MESSAGE = 'That entry does not exist any more. Reload the page.';

/** A refusal shown beside one field, the shape a failing parse gives (tRPC's data.fieldErrors). */
export const fieldError = (field: string, message: string) =>
  new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: z.object({ [field]: z.custom(() => false, { error: message }) }).safeParse({ [field]: 0 }).error,
  });

const notFound = (message = NOT_FOUND_MESSAGE) => new TRPCError({ code: 'NOT_FOUND', message });

async function audit(deps: AvailabilityDeps, by: StaffActor, subject: string, detail: Record<string, string | number>) {
  await deps.audit.record({ type: 'booking.availability', actorUserId: by.userId, ip: by.ip, subject, detail });
}

/** The clinician's row, locked until the transaction ends (PostgreSQL), so two admins' hours never cross. */
async function lockedClinician(trx: Trx, clinicianId: number) {
  const row = await forUpdate(
    trx,
    trx.selectFrom('clinicians').select(['id', 'name', 'active']).where('id', '=', clinicianId),
  ).executeTakeFirst();
  if (!row) throw fieldError('clinicianId', CLINICIAN_NOT_FOUND_MESSAGE);
  return row;
}

export async function addClinician(deps: AvailabilityDeps, by: StaffActor, name: string, now = Date.now()) {
  const row = await deps.booking.write((trx) =>
    trx
      .insertInto('clinicians')
      .values({ name, created_at: new Date(now).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await audit(deps, by, `clinician:${row.id}`, { action: 'add clinician', name });
  return { id: row.id };
}

export async function renameClinician(deps: AvailabilityDeps, by: StaffActor, clinicianId: number, name: string) {
  const from = await deps.booking.write(async (trx) => {
    const row = await lockedClinician(trx, clinicianId);
    await trx.updateTable('clinicians').set({ name }).where('id', '=', clinicianId).execute();
    return row.name;
  });
  await audit(deps, by, `clinician:${clinicianId}`, { action: 'rename clinician', from, to: name });
  return { ok: true as const };
}

/** Retire (no new bookings; existing ones stay) or bring back. */
export async function setClinicianActive(deps: AvailabilityDeps, by: StaffActor, clinicianId: number, active: boolean) {
  await deps.booking.write(async (trx) => {
    await lockedClinician(trx, clinicianId);
    await trx
      .updateTable('clinicians')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', clinicianId)
      .execute();
  });
  await audit(deps, by, `clinician:${clinicianId}`, { action: active ? 'reactivate clinician' : 'retire clinician' });
  return { ok: true as const };
}

/** Adds a service to a clinician or changes its slot length. */
export async function setService(
  deps: AvailabilityDeps,
  by: StaffActor,
  input: { clinicianId: number; service: string; slotMinutes: number },
) {
  await deps.booking.write(async (trx) => {
    await lockedClinician(trx, input.clinicianId);
    await trx
      .insertInto('clinician_services')
      .values({ clinician_id: input.clinicianId, service: input.service, slot_minutes: input.slotMinutes })
      .onConflict((conflict) =>
        conflict.columns(['clinician_id', 'service']).doUpdateSet({ slot_minutes: input.slotMinutes }),
      )
      .execute();
  });
  await audit(deps, by, `clinician:${input.clinicianId}`, {
    action: 'set service',
    service: input.service,
    slotMinutes: input.slotMinutes,
  });
  return { ok: true as const };
}

/** Stops offering a service, with its weekly hours (booked times stay). */
export async function removeService(
  deps: AvailabilityDeps,
  by: StaffActor,
  input: { clinicianId: number; service: string },
) {
  await deps.booking.write(async (trx) => {
    await lockedClinician(trx, input.clinicianId);
    await trx
      .deleteFrom('clinician_hours')
      .where('clinician_id', '=', input.clinicianId)
      .where('service', '=', input.service)
      .execute();
    const removed = await trx
      .deleteFrom('clinician_services')
      .where('clinician_id', '=', input.clinicianId)
      .where('service', '=', input.service)
      .executeTakeFirst();
    if (!removed.numDeletedRows) throw fieldError('service', SERVICE_NOT_OFFERED_MESSAGE);
  });
  await audit(deps, by, `clinician:${input.clinicianId}`, { action: 'remove service', service: input.service });
  return { ok: true as const };
}

/**
 * Weekly hours for one service. Refused when they overlap any of the clinician's hours that day, for any service: a
 * clinician sees one patient at a time.
 */
export async function addHours(
  deps: AvailabilityDeps,
  by: StaffActor,
  input: { clinicianId: number; service: string; weekday: number; start: number; end: number },
) {
  const row = await deps.booking.write(async (trx) => {
    await lockedClinician(trx, input.clinicianId);
    const offered = await trx
      .selectFrom('clinician_services')
      .select('service')
      .where('clinician_id', '=', input.clinicianId)
      .where('service', '=', input.service)
      .executeTakeFirst();
    if (!offered) throw fieldError('service', SERVICE_NOT_OFFERED_MESSAGE);
    const clash = await trx
      .selectFrom('clinician_hours')
      .select(['weekday', 'start_minute', 'end_minute', 'service'])
      .where('clinician_id', '=', input.clinicianId)
      .where('weekday', '=', input.weekday)
      .where('start_minute', '<', input.end)
      .where('end_minute', '>', input.start)
      .orderBy('start_minute')
      .executeTakeFirst();
    if (clash)
      throw fieldError(
        'start',
        HOURS_OVERLAP_MESSAGE(clash.weekday, clash.start_minute, clash.end_minute, clash.service),
      );
    return trx
      .insertInto('clinician_hours')
      .values({
        clinician_id: input.clinicianId,
        service: input.service,
        weekday: input.weekday,
        start_minute: input.start,
        end_minute: input.end,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  await audit(deps, by, `clinician:${input.clinicianId}`, {
    action: 'add hours',
    service: input.service,
    hours: `${WEEKDAY_NAMES[input.weekday - 1]} ${timeOfMinute(input.start)}-${timeOfMinute(input.end)}`,
  });
  return { id: row.id };
}

export async function removeHours(deps: AvailabilityDeps, by: StaffActor, hoursId: number) {
  const removed = await deps.booking.write((trx) =>
    trx.deleteFrom('clinician_hours').where('id', '=', hoursId).returningAll().executeTakeFirst(),
  );
  if (!removed) throw notFound();
  await audit(deps, by, `clinician:${removed.clinician_id}`, {
    action: 'remove hours',
    service: removed.service,
    hours: `${WEEKDAY_NAMES[removed.weekday - 1]} ${timeOfMinute(removed.start_minute)}-${timeOfMinute(removed.end_minute)}`,
  });
  return { ok: true as const };
}

/** A booked time a block covers: staff move it (the page lists them under the block). */
export type OverlappedBooking = {
  requestId: number;
  reference: string;
  patientName: string;
  service: string;
  startsAt: number;
};

async function bookingsOverlapping(db: Db, clinicianId: number, from: number, to: number) {
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('requests', 'requests.id', 'bookings.request_id')
    .select([
      'bookings.request_id',
      'requests.reference',
      'requests.full_name',
      'bookings.service',
      'bookings.starts_at',
    ])
    .where('bookings.clinician_id', '=', clinicianId)
    .where('bookings.status', '=', 'booked')
    .where('bookings.starts_at', '<', to)
    .where('bookings.ends_at', '>', from)
    .orderBy('bookings.starts_at')
    .execute();
  return rows.map((row): OverlappedBooking => ({
    requestId: row.request_id,
    reference: row.reference,
    patientName: row.full_name,
    service: row.service,
    startsAt: Number(row.starts_at),
  }));
}

/** A one-off block (leave, training). Booked times under it stay booked and are returned, to be moved. */
export async function addBlock(
  deps: AvailabilityDeps,
  by: StaffActor,
  input: { clinicianId: number; startsAt: number; endsAt: number; reason: string },
  now = Date.now(),
) {
  const row = await deps.booking.write(async (trx) => {
    await lockedClinician(trx, input.clinicianId);
    return trx
      .insertInto('clinician_blocks')
      .values({
        clinician_id: input.clinicianId,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        reason: input.reason,
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  await audit(deps, by, `clinician:${input.clinicianId}`, {
    action: 'add block',
    reason: input.reason,
    startsAt: new Date(input.startsAt).toISOString(),
    endsAt: new Date(input.endsAt).toISOString(),
  });
  return { id: row.id, overlaps: await bookingsOverlapping(deps.db, input.clinicianId, input.startsAt, input.endsAt) };
}

export async function removeBlock(deps: AvailabilityDeps, by: StaffActor, blockId: number) {
  const removed = await deps.booking.write((trx) =>
    trx.deleteFrom('clinician_blocks').where('id', '=', blockId).returningAll().executeTakeFirst(),
  );
  if (!removed) throw notFound();
  await audit(deps, by, `clinician:${removed.clinician_id}`, { action: 'remove block', reason: removed.reason });
  return { ok: true as const };
}

export async function addClosure(
  deps: AvailabilityDeps,
  by: StaffActor,
  input: { date: string; reason: string },
  now = Date.now(),
) {
  await deps.booking.write(async (trx) => {
    const added = await trx
      .insertInto('clinic_closures')
      .values({ date: input.date, reason: input.reason, created_at: new Date(now).toISOString() })
      .onConflict((conflict) => conflict.column('date').doNothing())
      .returning('date')
      .executeTakeFirst();
    if (!added) throw fieldError('date', CLOSURE_EXISTS_MESSAGE);
  });
  await audit(deps, by, `closure:${input.date}`, { action: 'add closure', reason: input.reason });
  return { ok: true as const };
}

export async function removeClosure(deps: AvailabilityDeps, by: StaffActor, date: string) {
  const removed = await deps.booking.write((trx) =>
    trx.deleteFrom('clinic_closures').where('date', '=', date).returning('date').executeTakeFirst(),
  );
  if (!removed) throw notFound();
  await audit(deps, by, `closure:${date}`, { action: 'remove closure' });
  return { ok: true as const };
}

/** Everything the availability page shows: clinicians with services, hours and blocks; closed days from today. */
export async function readAvailability(
  deps: { db: AppDatabase },
  supportHolidays: readonly string[],
  now = Date.now(),
) {
  const { db } = deps;
  const today = lagosDateOf(now);
  const [clinicians, services, hours, blocks, closures] = await Promise.all([
    db.selectFrom('clinicians').select(['id', 'name', 'active']).orderBy('name').orderBy('id').execute(),
    db.selectFrom('clinician_services').selectAll().orderBy('service').execute(),
    db.selectFrom('clinician_hours').selectAll().orderBy('weekday').orderBy('start_minute').execute(),
    db.selectFrom('clinician_blocks').selectAll().where('ends_at', '>', now).orderBy('starts_at').execute(),
    db.selectFrom('clinic_closures').select(['date', 'reason']).where('date', '>=', today).orderBy('date').execute(),
  ]);
  const blockRows = await Promise.all(
    blocks.map(async (block) => ({
      id: block.id,
      clinicianId: block.clinician_id,
      startsAt: Number(block.starts_at),
      endsAt: Number(block.ends_at),
      reason: block.reason,
      overlaps: await bookingsOverlapping(db, block.clinician_id, Number(block.starts_at), Number(block.ends_at)),
    })),
  );
  const holidays = [
    ...NIGERIA_PUBLIC_HOLIDAYS.map((holiday) => ({ date: holiday.date, name: holiday.name })),
    ...supportHolidays.map((date) => ({ date, name: 'Office holiday (SUPPORT_HOLIDAYS)' })),
  ]
    .filter((holiday) => holiday.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date));
  return {
    clinicians: clinicians.map((clinician) => ({
      id: clinician.id,
      name: clinician.name,
      active: clinician.active === 1,
      services: services
        .filter((service) => service.clinician_id === clinician.id)
        .map((service) => ({
          service: service.service,
          slotMinutes: service.slot_minutes,
          hours: hours
            .filter((row) => row.clinician_id === clinician.id && row.service === service.service)
            .map((row) => ({ id: row.id, weekday: row.weekday, start: row.start_minute, end: row.end_minute })),
        })),
      blocks: blockRows.filter((block) => block.clinicianId === clinician.id),
    })),
    closures,
    holidays,
  };
}
