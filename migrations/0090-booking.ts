import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey, epochMsType } from '../server/db/dialect';

// Real appointment booking (issue #28).
// - `clinicians`, `clinician_services` (slot length per clinician and service), `clinician_hours` (weekly hours in
//   Lagos minutes of the day, per service), `clinician_blocks` (one-off leave or training, epoch ms) and
//   `clinic_closures` (whole days, beside the public holidays in shared/support-hours.ts): what staff control.
// - `bookings`: one booked time per appointment request, moved in place by a reschedule (the calendar file's UID stays,
//   its SEQUENCE grows). `manage_token_hash` is the SHA-256 of the one live token of its reschedule and cancel links:
//   using either replaces it, so each link works once.
// - `booking_cells`: the 15-minute cells a booking covers, one row each, keyed by clinician and cell. The primary key
//   is what makes two people in one slot impossible on both engines, whatever the slot lengths; a booking's cells are
//   inserted in one statement, ascending, so two bookings never wait on each other in a cycle.
// - `booking_reminders`: the 24 h and 2 h reminders, each claimed and marked sent in the transaction that queues it.
// - `waitlist_offers`: an earlier time offered to a waitlisted booking, with its own single-use token.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('clinicians')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('clinician_services')
    .addColumn('clinician_id', 'integer', (col) => col.notNull().references('clinicians.id').onDelete('cascade'))
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('slot_minutes', 'integer', (col) =>
      col.notNull().check(sql`slot_minutes >= 15 and slot_minutes <= 240 and slot_minutes % 15 = 0`),
    )
    .addPrimaryKeyConstraint('clinician_services_pk', ['clinician_id', 'service'])
    .execute();

  await db.schema
    .createTable('clinician_hours')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('clinician_id', 'integer', (col) => col.notNull().references('clinicians.id').onDelete('cascade'))
    .addColumn('service', 'text', (col) => col.notNull())
    // 1 = Monday … 7 = Sunday.
    .addColumn('weekday', 'integer', (col) => col.notNull().check(sql`weekday between 1 and 7`))
    .addColumn('start_minute', 'integer', (col) => col.notNull().check(sql`start_minute between 0 and 1439`))
    .addColumn('end_minute', 'integer', (col) => col.notNull().check(sql`end_minute between 1 and 1440`))
    .addCheckConstraint('clinician_hours_order', sql`start_minute < end_minute`)
    .execute();
  await db.schema
    .createIndex('clinician_hours_service')
    .on('clinician_hours')
    .columns(['service', 'clinician_id'])
    .execute();

  await db.schema
    .createTable('clinician_blocks')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('clinician_id', 'integer', (col) => col.notNull().references('clinicians.id').onDelete('cascade'))
    .addColumn('starts_at', epochMsType(db), (col) => col.notNull())
    .addColumn('ends_at', epochMsType(db), (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('clinician_blocks_order', sql`starts_at < ends_at`)
    .execute();
  await db.schema
    .createIndex('clinician_blocks_time')
    .on('clinician_blocks')
    .columns(['clinician_id', 'ends_at'])
    .execute();

  await db.schema
    .createTable('clinic_closures')
    .addColumn('date', 'text', (col) => col.primaryKey())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('request_id', 'integer', (col) => col.notNull().unique().references('requests.id').onDelete('cascade'))
    .addColumn('clinician_id', 'integer', (col) => col.notNull().references('clinicians.id'))
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('starts_at', epochMsType(db), (col) => col.notNull())
    .addColumn('ends_at', epochMsType(db), (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('booked')
        .check(sql`status in ('booked', 'cancelled')`),
    )
    .addColumn('attendance', 'text', (col) => col.check(sql`attendance in ('arrived', 'no_show')`))
    .addColumn('calendar_uid', 'text', (col) => col.notNull().unique())
    .addColumn('calendar_sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('video_room', 'text')
    .addColumn('manage_token_hash', 'text', (col) => col.unique())
    // 'Tell me if an earlier time frees up'.
    .addColumn('wants_earlier', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('booked_by', 'text', (col) => col.notNull().check(sql`booked_by in ('patient', 'staff')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('bookings_clinician_time')
    .on('bookings')
    .columns(['clinician_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('bookings_waitlist')
    .on('bookings')
    .columns(['service', 'wants_earlier', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('booking_cells')
    .addColumn('clinician_id', 'integer', (col) => col.notNull())
    .addColumn('cell_at', epochMsType(db), (col) => col.notNull())
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_cells_pk', ['clinician_id', 'cell_at'])
    .execute();
  await db.schema.createIndex('booking_cells_booking').on('booking_cells').columns(['booking_id']).execute();

  await db.schema
    .createTable('booking_reminders')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('24h', '2h')`))
    // The appointment's start this reminder is for: a reschedule cancels it and adds new ones.
    .addColumn('starts_at', epochMsType(db), (col) => col.notNull())
    .addColumn('due_at', epochMsType(db), (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'cancelled', 'skipped')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema.createIndex('booking_reminders_due').on('booking_reminders').columns(['status', 'due_at']).execute();
  await db.schema
    .createIndex('booking_reminders_once')
    .on('booking_reminders')
    .columns(['booking_id', 'kind', 'starts_at'])
    .unique()
    .execute();

  await db.schema
    .createTable('waitlist_offers')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('clinician_id', 'integer', (col) => col.notNull().references('clinicians.id'))
    .addColumn('starts_at', epochMsType(db), (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'taken', 'gone')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('waitlist_offers_slot')
    .on('waitlist_offers')
    .columns(['clinician_id', 'starts_at', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'waitlist_offers',
    'booking_reminders',
    'booking_cells',
    'bookings',
    'clinic_closures',
    'clinician_blocks',
    'clinician_hours',
    'clinician_services',
    'clinicians',
  ])
    await db.schema.dropTable(table).execute();
}
