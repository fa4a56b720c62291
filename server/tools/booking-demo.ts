/**
 * `npm run booking:demo`: a demo schedule so a newcomer can try booking (issue #28). Adds three clinicians with
 * weekday hours for a few services to the configured database (DATABASE_URL, else DATA_DIR/app.db), migrating it
 * first. Idempotent: a clinician of that name already there is left as it is (staff may have changed their hours), so
 * a second run adds nothing.
 */
import { openAppDatabase } from '../db/app-database';
import type { AppDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ConfigError, loadEnv } from '../env';

type DemoService = { service: string; slotMinutes: number; weekdays: number[]; start: string; end: string };

const MON_FRI = [1, 2, 3, 4, 5];

const DEMO_CLINICIANS: { name: string; services: DemoService[] }[] = [
  {
    name: 'Dr Amaka Obi',
    services: [
      { service: 'General Check-up', slotMinutes: 30, weekdays: MON_FRI, start: '09:00', end: '13:00' },
      { service: 'Virtual Consultation', slotMinutes: 15, weekdays: MON_FRI, start: '14:00', end: '16:00' },
    ],
  },
  {
    name: 'Dr Tunde Bakare',
    services: [
      { service: 'Specialist Consultation', slotMinutes: 60, weekdays: MON_FRI, start: '10:00', end: '16:00' },
    ],
  },
  {
    name: 'Dr Ngozi Eze',
    services: [
      { service: 'Mental Health Support', slotMinutes: 45, weekdays: [1, 3, 5], start: '09:00', end: '12:00' },
      { service: 'Virtual Consultation', slotMinutes: 30, weekdays: [2, 4], start: '13:00', end: '17:00' },
    ],
  },
];

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Adds the demo clinicians not there yet; answers the names added. */
async function seedBookingDemo(db: AppDatabase, now = Date.now()): Promise<string[]> {
  const added: string[] = [];
  for (const clinician of DEMO_CLINICIANS)
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('clinicians')
        .select('id')
        .where('name', '=', clinician.name)
        .executeTakeFirst();
      if (existing) return;
      const { id } = await trx
        .insertInto('clinicians')
        .values({ name: clinician.name, created_at: new Date(now).toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const service of clinician.services) {
        await trx
          .insertInto('clinician_services')
          .values({ clinician_id: id, service: service.service, slot_minutes: service.slotMinutes })
          .execute();
        await trx
          .insertInto('clinician_hours')
          .values(
            service.weekdays.map((weekday) => ({
              clinician_id: id,
              service: service.service,
              weekday,
              start_minute: minuteOf(service.start),
              end_minute: minuteOf(service.end),
            })),
          )
          .execute();
      }
      added.push(clinician.name);
    });
  return added;
}

async function main() {
  const env = loadEnv();
  const { db } = openAppDatabase(env);
  try {
    await migrateToLatest(db);
    const added = await seedBookingDemo(db);
    process.stdout.write(
      added.length
        ? `Added ${added.join(', ')} with weekday hours (Lagos time). Book at /services/book-appointment; staff see them at /staff/calendar and /staff/availability.\n`
        : 'The demo clinicians are already there: nothing added.\n',
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `booking:demo failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exit(1);
});
