/**
 * What the request workflows (issue #26.3) are given: the database for the reads that decide, the write batcher for
 * the one transaction, and the after-commit effects (audit log, the app's mail queue, open inboxes). They are a part
 * of the app's services (createServices, server/services.ts), which the tRPC context and the native form posts carry;
 * a test passes its own, a failing one to inject a fault.
 */
import { TRPCError } from '@trpc/server';
import { REQUEST_NOT_FOUND_MESSAGE } from '../../shared/messages/staff-messages';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../data/requests';
import type { AppDatabase } from '../db/database';
import type { WriteBatcher } from '../db/write-batcher';
import type { Logger } from '../logger';
import type { MailQueue } from '../mail/mail-queue';
import type { Messaging } from '../messaging/messaging-service';
import type { InboxEvents } from '../staff/inbox-events';
import type { BookingService } from '../booking/booking-service';

export type RequestDeps = {
  db: AppDatabase;
  writes: WriteBatcher;
  audit: AuditLog;
  /** Mail queued inside the transaction wakes this app's mail worker once it has committed. */
  mail: MailQueue;
  /** Texts to the patient's phone, queued inside the transaction like mail; woken once it has committed. */
  messaging: Messaging;
  inboxEvents: InboxEvents;
  logger: Logger;
  /** Booking (issue #28): a booked appointment's status changes go through its booking. Absent in older tests. */
  booking?: BookingService;
};

/** Who changes a request: a staff member, or the patient it belongs to (their own cancel). */
export type ChangedBy = { kind: 'staff' | 'patient'; userId: number; ip: string };

/** The request's history names the staff member; a patient's change is the patient's, whoever they are. */
export const historyActor = (by: ChangedBy): Actor =>
  by.kind === 'staff' ? { kind: 'staff', userId: by.userId } : { kind: 'patient' };

export const requestNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: REQUEST_NOT_FOUND_MESSAGE });
