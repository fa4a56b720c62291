/**
 * Clinicians and their hours for booking tests (issue #28), inserted as the availability page stores them. Hours are
 * Lagos minutes of the day; weekday 1 = Monday.
 */
import type { AppDatabase } from '../../server/db/database';

export type SeedHours = { weekday: number; start: string; end: string };

const minuteOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

export async function seedClinician(
  db: AppDatabase,
  options: { name: string; service: string; slotMinutes: number; hours: SeedHours[] },
): Promise<number> {
  const clinician = await db
    .insertInto('clinicians')
    .values({ name: options.name, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('clinician_services')
    .values({ clinician_id: clinician.id, service: options.service, slot_minutes: options.slotMinutes })
    .execute();
  if (options.hours.length)
    await db
      .insertInto('clinician_hours')
      .values(
        options.hours.map((hours) => ({
          clinician_id: clinician.id,
          service: options.service,
          weekday: hours.weekday,
          start_minute: minuteOf(hours.start),
          end_minute: minuteOf(hours.end),
        })),
      )
      .execute();
  return clinician.id;
}

/** Monday to Friday, the same hours each day. */
export const weekdays = (start: string, end: string): SeedHours[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));
