/**
 * The security audit log (issue #11): every event is one row in audit_events and one JSON
 * log line. Callers pass the raw e-mail; only its masked form is stored or logged.
 */
import type { AppDatabase } from '../db/database';
import { auditEvents } from '../data/audit-events';
import { maskEmail, type Logger } from '../logger';

export const AUDIT_EVENT_TYPES = [
  'login.success',
  'login.failure',
  'login.lockout',
  'signup',
  'password.reset_requested',
  'password.reset',
  'password.changed',
  'email.confirmed',
  'account.deleted',
  'logout',
  'staff.sign_in',
  'staff.access_refused',
  'console.open',
  'room.join',
  'room.leave',
  // Staff back office (issue #13): every staff write.
  'request.assign',
  'request.status',
  'request.note',
  'request.message',
  'request.patient_cancel',
  // The front desk (issue #29): an admin reopening a closed request, a call to the patient.
  'request.reopen',
  'request.call',
  'requests.export',
  'newsletter.unsubscribe',
  'staff.invite',
  'staff.role',
  'staff.deactivate',
  'staff.reactivate',
  'retention.run',
  // Chat desk (issue #14).
  'room.assign',
  'room.transfer_requested',
  'chat.status',
  'chat.transcript_emailed',
  'chat.transcript_downloaded',
  'canned.save',
  'canned.delete',
  // One view of the patient (issue #29): contact details an agent added or corrected in a chat, and private notes.
  'chat.contact',
  'chat.note',
  // Messages to patients' phones (issue #27): consent given or withdrawn, on a form, by STOP or by staff.
  'messaging.consent',
  'messaging.opt_out',
  // Appointment booking (issue #28): what staff set, and every booked time staff changed.
  'booking.book',
  'booking.reschedule',
  'booking.cancel',
  'booking.attendance',
  'booking.availability',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export type AuditEvent = {
  type: AuditEventType;
  actorUserId?: number | null;
  /** Raw address: stored and logged masked only. */
  email?: string | null;
  ip?: string | null;
  subject?: string | null;
  detail?: Record<string, string | number | boolean | null>;
};

export type AuditLog = {
  /** Stores the event and logs it. Never throws: a failed audit write is logged as an error instead. */
  record: (event: AuditEvent) => Promise<void>;
};

export function createAuditLog({ db, logger }: { db: AppDatabase; logger: Logger }): AuditLog {
  return {
    async record(event) {
      const row = {
        type: event.type,
        actorUserId: event.actorUserId ?? null,
        maskedEmail: event.email ? maskEmail(event.email) : null,
        ip: event.ip ?? null,
        subject: event.subject ?? null,
        detail: event.detail ? JSON.stringify(event.detail) : null,
        createdAt: new Date().toISOString(),
      };
      logger.info('audit', {
        audit: row.type,
        actorUserId: row.actorUserId,
        maskedEmail: row.maskedEmail,
        ip: row.ip,
        subject: row.subject,
        detail: row.detail,
      });
      try {
        await auditEvents.insert(db, row);
      } catch (error) {
        logger.error('audit write failed', { audit: row.type, err: error });
      }
    },
  };
}
