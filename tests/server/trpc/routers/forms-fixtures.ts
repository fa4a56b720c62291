/**
 * Shared set-up for the forms tests: the real app over a real SQLite file (or, in the unit-postgres project, its own
 * PostgreSQL schema), and valid inputs per form.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../../../server/app';
import { testServices } from '../../../helpers/test-services';
import { openDatabase, type AppDatabase } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import { countSubmissions, type SubmissionTable } from '../../../../server/data/submissions';
import { loadEnv } from '../../../../server/env';
import { createLogger, type Logger } from '../../../../server/logger';
import { lagosToday } from '../../../../shared/lagos-date';
import { createPostgresTestDb, testEngine } from '../../../helpers/test-db';
import { listenOnEphemeralPort } from '../../../helpers/test-server';
import { withWriteFaults } from '../../../helpers/write-faults';

export async function startFormsServer(env: Record<string, string> = {}, logger: Logger = createLogger('silent')) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-forms-'));
  const { db, sqlite } =
    testEngine === 'postgres'
      ? { ...(await createPostgresTestDb()), sqlite: null }
      : openDatabase(path.join(dir, 'app.db'));
  await migrateToLatest(db);
  const app = createApp(
    testServices({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, ...env }),
      // Inserts marked by tests/helpers/write-faults.ts fail; the tests read and clean up through `db` itself.
      db: withWriteFaults(db),
      logger,
    }),
    { version: 'test' },
  );
  const { baseUrl, closeServer } = await listenOnEphemeralPort(app);
  return {
    baseUrl,
    dir,
    db,
    sqlite,
    close: async () => {
      await closeServer();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Procedure =
  'subscribeNewsletter' | 'submitJobApplication' | 'submitServiceOrder' | 'submitAppointment' | 'submitTripPlan';

export const tableOf: Record<Procedure, SubmissionTable> = {
  subscribeNewsletter: 'newsletter_subscriptions',
  submitJobApplication: 'job_applications',
  submitServiceOrder: 'service_orders',
  submitAppointment: 'appointments',
  submitTripPlan: 'trip_plans',
};

/** Enough time to pass the minimum fill time, and no honeypot. */
export const human = { website: '', fillMs: 5000 };

let unique = 0;
export const validInput: Record<Procedure, () => Record<string, unknown>> = {
  subscribeNewsletter: () => ({ email: `reader${++unique}@example.com`, ...human }),
  submitJobApplication: () => ({
    jobTitle: 'Data Analyst',
    fullName: 'Adaeze Okafor',
    email: 'adaeze@example.com',
    phone: '+234 803 123 4567',
    resumeLink: 'https://drive.example.com/adaeze-cv.pdf',
    coverLetter: 'I have three years of experience with health data in Lagos.',
    ...human,
  }),
  submitServiceOrder: () => ({
    fullName: 'Tunde Bakare',
    email: 'tunde@example.com',
    phone: '',
    serviceCategory: 'Medical Tourism Package',
    servicePackage: 'Premium Package',
    message: 'Knee surgery abroad.',
    ...human,
  }),
  submitAppointment: () => ({
    fullName: 'Ngozi Eze',
    email: 'ngozi@example.com',
    phone: '0803 123 4567',
    preferredDate: lagosToday(),
    preferredTime: '10-11 AM',
    serviceType: 'General Check-up',
    message: '',
    ...human,
  }),
  submitTripPlan: () => ({
    destination: 'Chennai, India',
    departureDate: '',
    returnDate: '',
    numberOfTravelers: 2,
    accommodationPreference: 'Serviced Apartment',
    activityInterests: 'No Specific Interests',
    fullName: 'Bola Adewale',
    email: 'bola@example.com',
    phone: '',
    additionalRequests: 'Wheelchair at the airport, please.',
    ...human,
  }),
};

export const procedures = Object.keys(tableOf) as Procedure[];

/** Posts to a tRPC mutation as the browser's tRPC client does (same-origin JSON). */
export async function post(baseUrl: string, procedure: Procedure, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/trpc/forms.${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers differ per procedure; tests assert the shape
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

export const count = (db: AppDatabase, table: SubmissionTable) => countSubmissions(db, table);
