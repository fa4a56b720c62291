/**
 * The request workflows called directly (issue #26.3), faults injected through their dependencies: the announcement
 * is what the write returned (the same as a fresh read), and nothing is audited, mailed or announced unless the
 * transaction committed.
 */
import { loadEnv } from '../../../server/env';
import { createMessaging } from '../../../server/messaging/messaging-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../server/audit/audit-log';
import { requests } from '../../../server/data/requests';
import { users } from '../../../server/data/users';
import type { AppDatabase } from '../../../server/db/database';
import { createWriteBatcher, type WriteBatcher } from '../../../server/db/write-batcher';
import { createLogger } from '../../../server/logger';
import { createMailQueue } from '../../../server/mail/mail-queue';
import { assignRequest } from '../../../server/requests/assign';
import { messagePatient } from '../../../server/requests/message';
import { addRequestNote } from '../../../server/requests/note';
import type { ChangedBy, RequestDeps } from '../../../server/requests/request-deps';
import { setRequestStatus } from '../../../server/requests/set-status';
import { submitRequest } from '../../../server/requests/submit';
import { createInboxEvents, type InboxChange } from '../../../server/staff/inbox-events';
import { lagosToday } from '../../../shared/lagos-date';
import { appointmentSchema } from '../../../shared/schemas/appointment';
import { createTestDb } from '../../helpers/test-db';

let db: AppDatabase;
let agent: ChangedBy;
beforeAll(async () => {
  db = await createTestDb();
  const row = await users.create(db, {
    email: 'ada.agent@example.com',
    fullName: 'Ada Agent',
    passwordHash: 'not-a-real-hash',
    role: 'agent',
    confirmed: true,
  });
  agent = { kind: 'staff', userId: row.id, ip: '192.0.2.7' };
});
afterAll(() => db.destroy());

/** Real dependencies, with a record of what was announced; `writes` may be replaced to inject a fault. */
function depsWith(writes?: WriteBatcher) {
  const inboxEvents = createInboxEvents();
  const announced: InboxChange[] = [];
  inboxEvents.onChange((change) => announced.push(change));
  const logger = createLogger('silent');
  const deps: RequestDeps = {
    db,
    writes: writes ?? createWriteBatcher(db),
    audit: createAuditLog({ db, logger }),
    mail: createMailQueue(db),
    messaging: createMessaging({ env: loadEnv({}) }),
    inboxEvents,
    logger,
  };
  return { deps, announced };
}

/** Runs the job, then fails as the commit would: the batcher rolls the job back and rejects. */
const failingAfterJob = (writes: WriteBatcher): WriteBatcher => ({
  run: (job) =>
    writes.run(async (trx) => {
      await job(trx);
      throw new Error('Injected failure after the write');
    }),
});

let people = 0;
const appointment = (extra: { smsConsent?: boolean; phone?: string } = {}) =>
  appointmentSchema.parse({
    fullName: `Ngozi ${++people}`,
    email: `ngozi${people}@example.com`,
    phone: '0803 123 4567',
    preferredDate: lagosToday(),
    preferredTime: '10-11 AM',
    serviceType: 'General Check-up',
    message: '',
    website: '',
    fillMs: 5000,
    ...extra,
  });

async function submitted() {
  const { deps, announced } = depsWith();
  const { reference } = await submitRequest(deps, 'appointments', appointment());
  return { reference, row: announced[0]!.row };
}

const auditRows = (id: number) =>
  db.selectFrom('audit_events').select('type').where('subject', '=', `request:${id}`).execute();

describe('submit', () => {
  it('announces the new inbox row as the insert returned it: the same as a fresh read', async () => {
    const { deps, announced } = depsWith();
    const { reference } = await submitRequest(deps, 'appointments', appointment());
    expect(announced).toHaveLength(1);
    expect(announced[0]!.kind).toBe('new');
    expect(announced[0]!.row.reference).toBe(reference);
    expect(announced[0]!.row).toEqual(await requests.row(db, announced[0]!.row.id));
  });

  it('wakes the text worker only when the form queued a text (ADR 0052)', async () => {
    const { deps } = depsWith();
    let woken = 0;
    deps.messaging.onQueued(() => void (woken += 1));
    await submitRequest(deps, 'appointments', appointment());
    expect(woken).toBe(0);
    await submitRequest(deps, 'appointments', appointment({ smsConsent: true, phone: '0809 555 0142' }));
    expect(woken).toBe(1);
    expect(
      await db.selectFrom('outbound_messages').select('id').where('recipient', '=', '+2348095550142').execute(),
    ).toHaveLength(1);
  });

  it('stores, mails and announces nothing when its transaction fails', async () => {
    const { deps, announced } = depsWith(failingAfterJob(createWriteBatcher(db)));
    const input = appointment();
    await expect(submitRequest(deps, 'appointments', input)).rejects.toThrow('Injected failure after the write');
    expect(announced).toEqual([]);
    expect(await db.selectFrom('requests').select('id').where('email', '=', input.email).execute()).toEqual([]);
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', input.email).execute()).toEqual([]);
  });
});

describe('staff changes', () => {
  it('assign, note, message and status each announce the row their write returned, owner name included', async () => {
    const { row } = await submitted();
    const { deps, announced } = depsWith();
    const assigned = await assignRequest(deps, agent, row.id, agent.userId);
    const noted = await addRequestNote(deps, agent, { id: row.id, body: 'Called, no answer.' });
    // No consent to texts on this request: staff's message goes by e-mail (issue #27.3), and the answer says so.
    const { delivery, ...messaged } = await messagePatient(deps, agent, {
      id: row.id,
      body: 'We will call you tomorrow.',
    });
    expect(delivery?.channel).toBe('email');
    const results = [
      assigned,
      noted,
      messaged,
      await setRequestStatus(deps, agent, { id: row.id, status: 'in_progress' }),
    ];
    expect(announced.map((change) => change.row)).toEqual(results);
    expect(results.map((result) => [result.ownerName, result.status])).toEqual([
      ['Ada Agent', 'new'],
      ['Ada Agent', 'new'],
      ['Ada Agent', 'new'],
      ['Ada Agent', 'in_progress'],
    ]);
    expect(results.at(-1)).toEqual(await requests.row(db, row.id));
    expect((await auditRows(row.id)).map((audit) => audit.type)).toEqual([
      'request.assign',
      'request.note',
      'request.message',
      'request.status',
    ]);
  });

  it('a change whose transaction fails is not audited, mailed or announced, and leaves the request as it was', async () => {
    const { row } = await submitted();
    const { deps, announced } = depsWith(failingAfterJob(createWriteBatcher(db)));
    const before = await requests.find(db, row.id);
    await expect(
      setRequestStatus(deps, agent, { id: row.id, status: 'cancelled', reason: 'Duplicate' }),
    ).rejects.toThrow('Injected failure after the write');
    await expect(assignRequest(deps, agent, row.id, agent.userId)).rejects.toThrow('Injected failure after the write');
    expect(announced).toEqual([]);
    expect(await auditRows(row.id)).toEqual([]);
    expect(await requests.find(db, row.id)).toEqual(before);
    expect(
      await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'request_cancelled')
        .where('to_address', '=', before!.email)
        .execute(),
    ).toEqual([]);
  });
});
