import { TRPCError } from '@trpc/server';
/** Set-up for the staff back office tests: a migrated database, callers per role, and stored requests. */
import { createWriteBatcher, type WriteBatcher } from '../../../../server/db/write-batcher';
import {
  insertAppointment,
  insertJobApplication,
  insertServiceOrder,
  insertTripPlan,
} from '../../../../server/data/submissions';
import { users } from '../../../../server/data/users';
import { phoneE164 } from '../../../../shared/phone';
import type { UserRole } from '../../../../server/db/schema';
import { loadEnv } from '../../../../server/env';
import { createLogger } from '../../../../server/logger';
import { createInboxEvents, type InboxChange } from '../../../../server/staff/inbox-events';
import { appRouter } from '../../../../server/trpc/router';
import type { ContextUser } from '../../../../server/auth/session';
import { createInnerContext } from '../../../../server/trpc/context';
import { testServices } from '../../../helpers/test-services';
import { createCallerFactory } from '../../../../server/trpc/trpc';
import { lagosToday } from '../../../../shared/lagos-date';
import { createTestDb } from '../../../helpers/test-db';

const createCaller = createCallerFactory(appRouter);

/** 'OK', or the tRPC error code the call was refused with. */
export const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
  );
let people = 0;

export async function startStaffWorld() {
  const db = await createTestDb();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
  const inboxEvents = createInboxEvents();
  const announced: InboxChange[] = [];
  inboxEvents.onChange((change) => announced.push(change));
  const writes = createWriteBatcher(db);
  // `holdWrites(n)`: the next n writes wait for each other, so every caller has read before any writes ("at once").
  // Without it, on PostgreSQL a second caller's read can follow the first's commit, which is a different story.
  let gate: { size: number; waiting: (() => void)[] } | null = null;
  const gatedWrites: WriteBatcher = {
    async run(job) {
      const held = gate;
      if (held)
        await new Promise<void>((resolve) => {
          held.waiting.push(resolve);
          if (held.waiting.length === held.size) {
            gate = null;
            for (const release of held.waiting) release();
          }
        });
      return writes.run(job);
    },
  };
  const holdWrites = (count: number) => {
    gate = { size: count, waiting: [] };
  };
  const services = testServices({ db, env, logger: createLogger('silent'), inboxEvents, writes: gatedWrites });

  const callerFor = (user: ContextUser | null) => createCaller(createInnerContext(services, { user }));

  async function person(role: UserRole, fullName = `${role} ${++people}`) {
    const row = await users.create(db, {
      email: `${role}${++people}@example.com`,
      fullName,
      passwordHash: 'not-a-real-hash',
      role,
      confirmed: true,
    });
    const user: ContextUser = { id: row.id, email: row.email, fullName: row.full_name, role };
    return { user, caller: callerFor(user) };
  }

  const contact = (n: number, typedPhone?: string) => {
    const phone = typedPhone ?? `0803 123 ${String(n).padStart(4, '0')}`;
    return { fullName: `Patient ${n}`, email: `patient${n}@example.com`, phone, phoneE164: phoneE164(phone) };
  };

  /** Stores a request as the public form does (with `phone` as typed, if given); returns its inbox id. */
  async function submit(
    kind: 'appointment' | 'service_order' | 'trip_plan' | 'job_application',
    n = ++people,
    phone?: string,
  ) {
    const stored =
      kind === 'appointment'
        ? await insertAppointment(writes, {
            ...contact(n, phone),
            preferredDate: lagosToday(),
            preferredTime: null,
            serviceType: 'General Check-up',
            message: null,
          } as never)
        : kind === 'service_order'
          ? await insertServiceOrder(writes, {
              ...contact(n, phone),
              serviceCategory: 'Home Care',
              servicePackage: null,
              message: 'Please call',
            } as never)
          : kind === 'trip_plan'
            ? await insertTripPlan(writes, {
                ...contact(n, phone),
                destination: 'Chennai, India',
                departureDate: null,
                returnDate: null,
                numberOfTravelers: 1,
                accommodationPreference: null,
                activityInterests: null,
                additionalRequests: null,
              })
            : await insertJobApplication(writes, {
                ...contact(n, phone),
                jobTitle: 'Data Analyst',
                resumeLink: 'https://example.com/cv.pdf',
                coverLetter: null,
              });
    const row = await db
      .selectFrom('requests')
      .select('id')
      .where('reference', '=', stored.reference)
      .executeTakeFirstOrThrow();
    return { id: row.id, reference: stored.reference };
  }

  return { db: db, env, inboxEvents, announced, callerFor, person, submit, holdWrites, close: () => db.destroy() };
}
