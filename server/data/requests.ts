/**
 * The staff inbox (issue #13): one `requests` row per submission of the four request forms, with status, owner and
 * the staff's message to the patient, and its append-only history in `request_events`.
 *
 * Writes take a transaction (the app's write batcher gives one): the form's own row, its inbox row, the event and any
 * e-mail to the patient are stored together or not at all.
 */
import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { AppDatabase } from '../db/database';
import { containsPattern, digitsOf, engineOf, likeIgnoreCase, textEqualsIgnoreCase } from '../db/dialect';
import type { CallOutcome, Database, RequestEventKind, RequestsTable } from '../db/schema';
import type { InboxFilter, InboxRow, InboxStatusView, RequestStatus, RequestType } from '../../shared/requests';

type Db = Kysely<Database>;

/** The fields every request form has, as the inbox row stores them. */
export type NewRequest = {
  type: RequestType;
  submissionId: number;
  reference: string;
  fullName: string;
  email: string;
  phone: string | null;
  /** The phone in E.164, null when none or not a valid number. */
  phoneE164: string | null;
  subject: string;
  requestedDate: string | null;
};

/** A new request before its form's row is stored: everything but the row's id. */
export type UnstoredRequest = Omit<NewRequest, 'submissionId'>;

/** Who made a change: a staff member, the patient (from their dashboard) or the system (retention). */
export type Actor = { kind: 'staff'; userId: number } | { kind: 'patient' } | { kind: 'system' };

type EventValues = {
  kind: RequestEventKind;
  fromStatus?: RequestStatus | null;
  toStatus?: RequestStatus | null;
  ownerId?: number | null;
  body?: string | null;
};

/** A `request_events` row's values. */
export const eventValues = (requestId: number, actor: Actor, event: EventValues, now: string) => ({
  request_id: requestId,
  actor_user_id: actor.kind === 'staff' ? actor.userId : null,
  actor_kind: actor.kind,
  kind: event.kind,
  from_status: event.fromStatus ?? null,
  to_status: event.toStatus ?? null,
  owner_id: event.ownerId ?? null,
  body: event.body ?? null,
  created_at: now,
});

const appendEvent = (trx: Db, requestId: number, actor: Actor, event: EventValues, now: string) =>
  trx
    .insertInto('request_events')
    .values(eventValues(requestId, actor, event, now))
    .execute();

/** The event that opens a new request's history: the patient sent it, and it is New. */
export const CREATED_EVENT: EventValues = { kind: 'created', toStatus: 'new' };
export const PATIENT: Actor = { kind: 'patient' };

/**
 * A request as a write left it, with its owner's name: taken from the write's RETURNING (SQLite and PostgreSQL both
 * have it), so announcing a change never reads back the row just written.
 */
export type ChangedRequest = Selectable<RequestsTable> & { owner_name: string | null };

/** The owner's name beside a RETURNING: a scalar subquery, evaluated on the row as written. */
const ownerName = (eb: ExpressionBuilder<Database, 'requests'>) =>
  eb.selectFrom('users').select('users.full_name').whereRef('users.id', '=', 'requests.owner_id').as('owner_name');

/** A new request's `requests` row: New, due at once. */
export const inboxValues = (request: NewRequest, now: string) => ({
  reference: request.reference,
  type: request.type,
  submission_id: request.submissionId,
  full_name: request.fullName,
  email: request.email,
  phone: request.phone,
  phone_e164: request.phoneE164,
  subject: request.subject,
  requested_date: request.requestedDate,
  created_at: now,
  updated_at: now,
  due_at: now,
});

/** Adds a just-stored submission to the inbox as New; call in the transaction that stored it. */
export async function addToInbox(
  trx: Transaction<Database>,
  request: NewRequest,
  now = new Date().toISOString(),
): Promise<InboxRow> {
  const row = await trx
    .insertInto('requests')
    .values(inboxValues(request, now))
    .returningAll()
    .executeTakeFirstOrThrow();
  await appendEvent(trx, row.id, PATIENT, CREATED_EVENT, now);
  // New: nobody owns it yet.
  return toInboxRow({ ...row, owner_name: null });
}

const inboxColumns = (query: SelectQueryBuilder<Database, 'requests', object>) =>
  query
    .leftJoin('users as owner', 'owner.id', 'requests.owner_id')
    .select([
      'requests.id',
      'requests.reference',
      'requests.type',
      'requests.full_name',
      'requests.subject',
      'requests.requested_date',
      'requests.status',
      'requests.owner_id',
      'owner.full_name as owner_name',
      'requests.created_at',
      'requests.updated_at',
      'requests.confirmed_for',
      'requests.next_call_at',
    ]);

type InboxSelect = Awaited<ReturnType<ReturnType<typeof inboxColumns>['execute']>>[number];

/** The inbox's view of a request row (a select's, or a write's RETURNING). */
export const toInboxRow = (row: InboxSelect): InboxRow => ({
  id: row.id,
  reference: row.reference,
  type: row.type,
  fullName: row.full_name,
  subject: row.subject,
  requestedDate: row.requested_date,
  status: row.status,
  ownerId: row.owner_id,
  ownerName: row.owner_name ?? null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  confirmedFor: row.confirmed_for,
  nextCallAt: row.next_call_at,
});

/** The UTC instant of a Lagos wall-clock 'YYYY-MM-DDTHH:MM' (UTC+1 all year), as stored in due_at and next_call_at. */
export const lagosWallClockIso = (wallClock: string) => new Date(`${wallClock}:00+01:00`).toISOString();

/** The views that sort by what is due (the time of a confirmed appointment, else age); the rest list newest first. */
const DUE_ORDERED: ReadonlySet<InboxStatusView> = new Set(['open', 'new', 'in_progress', 'confirmed']);
export const sortsByDue = (status: InboxStatusView | undefined) => status !== undefined && DUE_ORDERED.has(status);

/** A row's place in the due order: rows inserted before migrations/0092 by a tool may lack due_at. */
const dueKey = sql<string>`coalesce(requests.due_at, requests.created_at)`;

/** Start of a Lagos calendar day (UTC+1, no daylight saving) as an ISO UTC instant. */
const lagosDayStart = (date: string) => new Date(`${date}T00:00:00+01:00`).toISOString();
const lagosDayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00+01:00`) + 86_400_000).toISOString();

/** An FTS5 trigram phrase: the term quoted, its own quotes doubled. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * Digits only, when the term looks like a phone number (so '0803 123 4567' finds '08031234567'), without a leading
 * trunk 0 or +234 (issue #23.4): the rest is in the number however it was typed, so '0803 123' finds
 * '+234 803 123 4567' and '+234 803 123' finds '0803 123 4567'. Whole numbers also match by E.164.
 */
function phoneDigits(term: string) {
  if (!/^[\d\s()+.-]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  const national = /^\+\s*234/.test(term) ? digits.slice(3).replace(/^0/, '') : digits.replace(/^0/, '');
  return national.length >= 3 ? national : digits;
}

/**
 * The search through the trigram index (3+ characters). SQLite: the FTS5 table `requests_search`; PostgreSQL: ILIKE on
 * the expressions its pg_trgm GIN indexes cover (migrations/0050-staff-back-office.ts), which finds the same fragments
 * without regard to case.
 */
function trigramSearch(db: Db, term: string) {
  const digits = phoneDigits(term);
  if (engineOf(db) === 'sqlite') {
    const match = digits && digits.length >= 3 ? `phone : ${ftsPhrase(digits)}` : ftsPhrase(term);
    return sql<boolean>`requests.id in (select rowid from requests_search where requests_search match ${match})`;
  }
  const phone = digitsOf('requests.phone');
  if (digits && digits.length >= 3) return likeIgnoreCase(db, phone, containsPattern(digits));
  const like = containsPattern(term);
  return sql<boolean>`(${sql.join(
    ['requests.reference', 'requests.full_name', 'requests.email', phone].map((column) =>
      likeIgnoreCase(db, column, like),
    ),
    sql` or `,
  )})`;
}

/**
 * A whole phone number finds its requests however either side wrote it (issue #23.4): the term's E.164 form against
 * `requests.phone_e164` (indexed), beside the typed digits (old rows whose number had no E.164 form).
 */
function phoneOrTrigramSearch(db: Db, term: string, phoneE164: string | null | undefined) {
  const search = trigramSearch(db, term);
  return phoneE164 ? sql<boolean>`(requests.phone_e164 = ${phoneE164} or ${search})` : search;
}

/**
 * Applies the inbox filter. Search looks at reference, name, e-mail and phone: through the trigram index when the
 * term has 3 characters or more, otherwise a prefix match on reference and name.
 */
function applyFilter<O>(
  db: Db,
  query: SelectQueryBuilder<Database, 'requests', O>,
  filter: InboxQuery,
  viewerId: number,
): SelectQueryBuilder<Database, 'requests', O> {
  let filtered = query;
  if (filter.type) filtered = filtered.where('requests.type', '=', filter.type);
  if (filter.status === 'open')
    filtered = filtered.where((eb) =>
      eb.or([
        eb('requests.status', 'in', ['new', 'in_progress']),
        eb.and([
          eb('requests.status', '=', 'confirmed'),
          eb('requests.type', '=', 'appointment'),
          eb(dueKey, '>=', new Date().toISOString()),
        ]),
      ]),
    );
  else if (filter.status && filter.status !== 'all') filtered = filtered.where('requests.status', '=', filter.status);
  if (filter.owner === 'me') filtered = filtered.where('requests.owner_id', '=', viewerId);
  else if (filter.owner === 'none') filtered = filtered.where('requests.owner_id', 'is', null);
  else if (typeof filter.owner === 'number') filtered = filtered.where('requests.owner_id', '=', filter.owner);
  if (filter.from) filtered = filtered.where('requests.created_at', '>=', lagosDayStart(filter.from));
  if (filter.to) filtered = filtered.where('requests.created_at', '<', lagosDayAfter(filter.to));
  const term = filter.search?.trim();
  if (term) {
    if (term.length >= 3) filtered = filtered.where(phoneOrTrigramSearch(db, term, filter.searchPhoneE164));
    else {
      const prefix = `${containsPattern(term).slice(1, -1)}%`;
      filtered = filtered.where(
        sql<boolean>`(${likeIgnoreCase(db, 'requests.reference', prefix)} or ${likeIgnoreCase(db, 'requests.full_name', prefix)})`,
      );
    }
  }
  return filtered;
}

/**
 * The inbox filter as the data layer takes it: with the search term's phone number in E.164 when it reads as one
 * (server/staff/inbox-query.ts; this layer imports only types from shared/, not the phone library).
 */
export type InboxQuery = InboxFilter & { searchPhoneE164?: string | null };

export type InboxPage = { rows: InboxRow[]; nextCursor: number | string | null };

/** 'due|id' of a row, the keyset cursor of the views sorted by due. */
const dueCursor = (row: InboxSelect & { due_key: string }) => `${row.due_key}|${row.id}`;

export const requests = {
  /**
   * One page of the inbox: the open views by what is due, soonest first (issue #29.6), the others newest first;
   * `cursor` is the previous page's last row ('due|id', or its id).
   */
  async list(
    db: AppDatabase,
    filter: InboxQuery,
    options: { viewerId: number; cursor?: number | string; limit: number },
  ): Promise<InboxPage> {
    if (sortsByDue(filter.status)) {
      let query = applyFilter(
        db,
        inboxColumns(db.selectFrom('requests')).select(dueKey.as('due_key')),
        filter,
        options.viewerId,
      );
      const [afterDue, afterId] = typeof options.cursor === 'string' ? options.cursor.split('|') : [];
      if (afterDue && afterId)
        query = query.where(
          sql<boolean>`(${dueKey} > ${afterDue} or (${dueKey} = ${afterDue} and requests.id > ${Number(afterId)}))`,
        );
      const rows = await query
        .orderBy(dueKey)
        .orderBy('requests.id')
        .limit(options.limit + 1)
        .execute();
      const page = rows.slice(0, options.limit);
      return {
        rows: page.map(toInboxRow),
        nextCursor: rows.length > options.limit ? dueCursor(page[page.length - 1]!) : null,
      };
    }
    let query = applyFilter(db, inboxColumns(db.selectFrom('requests')), filter, options.viewerId);
    if (typeof options.cursor === 'number') query = query.where('requests.id', '<', options.cursor);
    const rows = await query
      .orderBy('requests.id', 'desc')
      .limit(options.limit + 1)
      .execute();
    const page = rows.slice(0, options.limit).map(toInboxRow);
    return { rows: page, nextCursor: rows.length > options.limit ? page[page.length - 1]!.id : null };
  },

  /** Every row of the filter, oldest first, in batches (the CSV export). */
  async *stream(db: AppDatabase, filter: InboxQuery, viewerId: number, batchSize = 500) {
    let after = 0;
    for (;;) {
      const rows = await applyFilter(db, db.selectFrom('requests').selectAll('requests'), filter, viewerId)
        .where('requests.id', '>', after)
        .orderBy('requests.id')
        .limit(batchSize)
        .execute();
      if (!rows.length) return;
      yield rows;
      after = rows[rows.length - 1]!.id;
    }
  },

  /**
   * What the CSV export adds to a batch of rows (issue #29.7): an appointment's preferred time, the patient's own
   * message on the form, and the staff's internal notes (oldest first), each by request id.
   */
  async exportDetails(db: Db, rows: { id: number; type: RequestType; submission_id: number }[]) {
    const idsOf = (type: RequestType) => rows.filter((row) => row.type === type).map((row) => row.submission_id);
    const none = [-1];
    const [appointments, orders, notes] = await Promise.all([
      db
        .selectFrom('appointments')
        .select(['id', 'preferred_time', 'message'])
        .where('id', 'in', [...idsOf('appointment'), ...none])
        .execute(),
      db
        .selectFrom('service_orders')
        .select(['id', 'message'])
        .where('id', 'in', [...idsOf('service_order'), ...none])
        .execute(),
      db
        .selectFrom('request_events')
        .select(['request_id', 'body'])
        .where('kind', '=', 'note')
        .where('request_id', 'in', [...rows.map((row) => row.id), ...none])
        .orderBy('id')
        .execute(),
    ]);
    const appointmentById = new Map(appointments.map((row) => [row.id, row]));
    const orderById = new Map(orders.map((row) => [row.id, row]));
    const notesById = new Map<number, string[]>();
    for (const note of notes)
      if (note.body) notesById.set(note.request_id, [...(notesById.get(note.request_id) ?? []), note.body]);
    return new Map(
      rows.map((row) => {
        const appointment = row.type === 'appointment' ? appointmentById.get(row.submission_id) : undefined;
        const order = row.type === 'service_order' ? orderById.get(row.submission_id) : undefined;
        return [
          row.id,
          {
            preferredTime: appointment?.preferred_time ?? null,
            patientText: appointment?.message ?? order?.message ?? null,
            notes: notesById.get(row.id)?.join(' | ') ?? null,
          },
        ];
      }),
    );
  },

  /** Requests with status New (the navigation's badge). */
  async countNew(db: AppDatabase): Promise<number> {
    const row = await db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  row: async (db: Db, id: number): Promise<InboxRow | undefined> => {
    const row = await inboxColumns(db.selectFrom('requests')).where('requests.id', '=', id).executeTakeFirst();
    return row && toInboxRow(row);
  },

  find: (db: Db, id: number) => db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirst(),

  /** The form's own row (every field the visitor sent). */
  submission: (db: Db, type: RequestType, submissionId: number) =>
    db.selectFrom(submissionTables[type]).selectAll().where('id', '=', submissionId).executeTakeFirst() as Promise<
      Record<string, unknown> | undefined
    >,

  /** The history, oldest first, with the acting staff member's name. */
  events: (db: Db, requestId: number) =>
    db
      .selectFrom('request_events')
      .leftJoin('users as actor', 'actor.id', 'request_events.actor_user_id')
      .leftJoin('users as owner', 'owner.id', 'request_events.owner_id')
      .select([
        'request_events.id',
        'request_events.kind',
        'request_events.actor_kind',
        'request_events.actor_user_id',
        'actor.full_name as actor_name',
        'request_events.from_status',
        'request_events.to_status',
        'request_events.owner_id',
        'owner.full_name as owner_name',
        'request_events.body',
        'request_events.created_at',
      ])
      .where('request_events.request_id', '=', requestId)
      .orderBy('request_events.id')
      .execute(),

  /** The valid numbers on requests sent from this address (as forEmail matches them), oldest first. */
  phonesForEmail: async (db: Db, email: string) => {
    const rows = await db
      .selectFrom('requests')
      .select('phone_e164')
      .where(textEqualsIgnoreCase(db, 'requests.email', email.trim()))
      .where('anonymised_at', 'is', null)
      .where('phone_e164', 'is not', null)
      .groupBy('phone_e164')
      .orderBy((eb) => eb.fn.min('id'))
      .execute();
    return rows.map((row) => row.phone_e164!);
  },

  /** Requests sent from this address, without regard to case (the patient's dashboard), newest first. */
  forEmail: (db: Db, email: string) =>
    db
      .selectFrom('requests')
      .select([
        'id',
        'reference',
        'type',
        'subject',
        'requested_date',
        'status',
        'confirmed_for',
        'patient_message',
        'cancel_reason',
        'created_at',
      ])
      .where(textEqualsIgnoreCase(db, 'requests.email', email.trim()))
      .where('anonymised_at', 'is', null)
      .orderBy('id', 'desc')
      .execute(),

  /**
   * Sets the owner (null: unassigned); `body` says more in the history (a take-over). Returns the changed request, or
   * undefined when it does not exist.
   */
  async assign(
    trx: Db,
    id: number,
    ownerId: number | null,
    actor: Actor,
    body?: string,
  ): Promise<ChangedRequest | undefined> {
    const now = new Date().toISOString();
    const changed = await trx
      .updateTable('requests')
      .set({ owner_id: ownerId, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .returning(ownerName)
      .executeTakeFirst();
    if (!changed) return undefined;
    await appendEvent(trx, id, actor, { kind: 'assigned', ownerId, body: body ?? null }, now);
    return changed;
  },

  /**
   * Moves the request from `from` to `to` (the caller has checked the move is allowed). Compare-and-set on the
   * status: undefined when someone else changed it first; otherwise the changed request.
   */
  async setStatus(
    trx: Db,
    id: number,
    change: {
      from: RequestStatus;
      to: RequestStatus;
      confirmedFor?: string | null;
      reason?: string | null;
      message?: string | null;
      /** The staff member who claims it with this change when nobody owns it yet (issue #29.5). */
      claimFor?: number | null;
      /** The owner the caller read: a claim is in the history only when nobody owned it. */
      ownerBefore?: number | null;
    },
    actor: Actor,
  ): Promise<ChangedRequest | undefined> {
    const now = new Date().toISOString();
    const claimFor = change.claimFor ?? null;
    const changed = await trx
      .updateTable('requests')
      .set({
        status: change.to,
        updated_at: now,
        due_at:
          change.to === 'confirmed' && change.confirmedFor
            ? lagosWallClockIso(change.confirmedFor)
            : sql<string>`created_at`,
        ...(claimFor !== null ? { owner_id: sql<number>`coalesce(owner_id, ${claimFor})` } : {}),
        closed_at: change.to === 'done' || change.to === 'cancelled' ? now : null,
        ...(change.to === 'confirmed' ? { confirmed_for: change.confirmedFor ?? null } : {}),
        ...(change.to === 'cancelled' ? { cancel_reason: change.reason ?? null } : {}),
        ...(change.message ? { patient_message: change.message } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', change.from)
      .returningAll()
      .returning(ownerName)
      .executeTakeFirst();
    if (!changed) return undefined;
    if (claimFor !== null && change.ownerBefore === null && changed.owner_id === claimFor)
      await appendEvent(trx, id, actor, { kind: 'assigned', ownerId: claimFor }, now);
    const body = change.to === 'cancelled' ? change.reason : change.to === 'confirmed' ? change.confirmedFor : null;
    await appendEvent(trx, id, actor, { kind: 'status', fromStatus: change.from, toStatus: change.to, body }, now);
    if (change.message) await appendEvent(trx, id, actor, { kind: 'message', body: change.message }, now);
    return changed;
  },

  /**
   * A booked appointment moved to another time (issue #28.4): still Confirmed, with its new Lagos wall-clock time; the
   * history says so as a Confirmed → Confirmed move. Undefined when it is no longer Confirmed.
   */
  async reschedule(trx: Db, id: number, confirmedFor: string, actor: Actor): Promise<ChangedRequest | undefined> {
    const now = new Date().toISOString();
    const changed = await trx
      .updateTable('requests')
      .set({ confirmed_for: confirmedFor, due_at: lagosWallClockIso(confirmedFor), updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'confirmed')
      .returningAll()
      .returning(ownerName)
      .executeTakeFirst();
    if (changed)
      await appendEvent(
        trx,
        id,
        actor,
        { kind: 'status', fromStatus: 'confirmed', toStatus: 'confirmed', body: confirmedFor },
        now,
      );
    return changed;
  },

  /**
   * A call to the patient in the call log (issue #29.7), and the next try (Lagos wall-clock) the inbox shows; a call
   * without a next try clears it. Undefined when the request does not exist.
   */
  async logCall(
    trx: Db,
    id: number,
    call: { outcome: CallOutcome; nextTryFor: string | null },
    actorUserId: number,
  ): Promise<ChangedRequest | undefined> {
    const now = new Date().toISOString();
    const changed = await trx
      .updateTable('requests')
      .set({ next_call_at: call.nextTryFor ? lagosWallClockIso(call.nextTryFor) : null, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .returning(ownerName)
      .executeTakeFirst();
    if (changed)
      await trx
        .insertInto('request_calls')
        .values({
          request_id: id,
          actor_user_id: actorUserId,
          outcome: call.outcome,
          next_try_for: call.nextTryFor,
          created_at: now,
        })
        .execute();
    return changed;
  },

  /** The call log, oldest first, with the caller's name. */
  calls: (db: Db, requestId: number) =>
    db
      .selectFrom('request_calls')
      .leftJoin('users as actor', 'actor.id', 'request_calls.actor_user_id')
      .select([
        'request_calls.id',
        'request_calls.outcome',
        'request_calls.next_try_for',
        'request_calls.created_at',
        'actor.full_name as actor_name',
      ])
      .where('request_calls.request_id', '=', requestId)
      .orderBy('request_calls.id')
      .execute(),

  /** An internal note: staff only, never shown to the patient. Undefined when the request does not exist. */
  async addNote(trx: Db, id: number, body: string, actor: Actor): Promise<ChangedRequest | undefined> {
    const now = new Date().toISOString();
    const changed = await trx
      .updateTable('requests')
      .set({ updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .returning(ownerName)
      .executeTakeFirst();
    if (changed) await appendEvent(trx, id, actor, { kind: 'note', body }, now);
    return changed;
  },

  /**
   * The message the patient sees on their dashboard (the latest one replaces the previous). Undefined when the request
   * does not exist.
   */
  async setPatientMessage(trx: Db, id: number, body: string, actor: Actor): Promise<ChangedRequest | undefined> {
    const now = new Date().toISOString();
    const changed = await trx
      .updateTable('requests')
      .set({ patient_message: body, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .returning(ownerName)
      .executeTakeFirst();
    if (changed) await appendEvent(trx, id, actor, { kind: 'message', body }, now);
    return changed;
  },
};

export const submissionTables = {
  appointment: 'appointments',
  service_order: 'service_orders',
  trip_plan: 'trip_plans',
  job_application: 'job_applications',
} as const satisfies Record<RequestType, keyof Database>;
