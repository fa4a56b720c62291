import type { Generated } from 'kysely';

/**
 * Table types for Kysely, one interface per table, snake_case as in the spec
 * (no CamelCasePlugin: see docs/decisions/0003-snake-case-columns.md).
 * Features append their tables here and to `Database` below.
 */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  mail_outbox: MailOutboxTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  job_applications: JobApplicationsTable;
  service_orders: ServiceOrdersTable;
  appointments: AppointmentsTable;
  trip_plans: TripPlansTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_pending_replies: ChatPendingRepliesTable;
  chat_agent_reads: ChatAgentReadsTable;
  chat_pending_followups: ChatPendingFollowupsTable;
  chat_ratings: ChatRatingsTable;
  chat_canned_replies: ChatCannedRepliesTable;
  chat_notes: ChatNotesTable;
  chat_attachments: ChatAttachmentsTable;
  audit_events: AuditEventsTable;
  requests: RequestsTable;
  request_events: RequestEventsTable;
  request_calls: RequestCallsTable;
  login_lockouts: LoginLockoutsTable;
  outbound_messages: OutboundMessagesTable;
  message_consents: MessageConsentsTable;
  messaging_webhook_events: MessagingWebhookEventsTable;
  messaging_early_receipts: MessagingEarlyReceiptsTable;
  clinicians: CliniciansTable;
  clinician_services: ClinicianServicesTable;
  clinician_hours: ClinicianHoursTable;
  clinician_blocks: ClinicianBlocksTable;
  clinic_closures: ClinicClosuresTable;
  bookings: BookingsTable;
  booking_cells: BookingCellsTable;
  booking_reminders: BookingRemindersTable;
  waitlist_offers: WaitlistOffersTable;
  staff_alert_settings: StaffAlertSettingsTable;
  chat_hand_backs: ChatHandBacksTable;
}

/** Lock-outs after too many failed log-ins (issue #24): migrations/0075-login-lockouts.ts. */
export type LockoutScope = 'account' | 'ip';
export interface LoginLockoutsTable {
  /** SHA-256 (hex) of '<scope>:<key>': the address or IP itself is not stored. */
  subject: string;
  scope: LockoutScope;
  /** Epoch milliseconds. */
  locked_until: number;
  /** ISO-8601 UTC. */
  locked_at: string;
}

/** Accounts (issue #5): migrations/0010-users-and-sessions.ts. */
export type UserRole = 'patient' | 'agent' | 'admin';
export interface UsersTable {
  id: Generated<number>;
  /** Unique without regard to case (COLLATE NOCASE). */
  email: string;
  full_name: string;
  password_hash: string;
  /** ISO-8601 UTC; null until the address is confirmed. */
  email_confirmed_at: string | null;
  role: Generated<UserRole>;
  created_at: string;
  /** ISO-8601 UTC; set when an admin deactivates a staff account (migrations/0050). */
  deactivated_at: Generated<string | null>;
}
export interface SessionsTable {
  /** SHA-256 (hex) of the session token. */
  id: string;
  user_id: number;
  /** Epoch milliseconds. */
  expires_at: number;
  created_at: string;
}
export type EmailTokenKind = 'confirm_email' | 'reset_password' | 'invite';
export interface EmailTokensTable {
  /** SHA-256 (hex) of the token sent by e-mail. */
  id: string;
  user_id: number;
  kind: EmailTokenKind;
  expires_at: number;
  created_at: string;
}
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  status: Generated<'pending' | 'failed'>;
  attempts: Generated<number>;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  last_error: string | null;
  created_at: string;
  /** JSON array of MailAttachment (server/data/mail-outbox.ts); null when none. */
  attachments: Generated<string | null>;
}

/** Stored public forms (issue #4): migrations/0002..0006. Optional answers left empty are null. */
interface SubmissionColumns {
  id: Generated<number>;
  /** Short human reference shown to the visitor, e.g. APT-7K3Q9. */
  reference: string;
  /** ISO-8601 UTC. */
  created_at: Generated<string>;
  /** Made by the browser per submission and kept across its retries (0035); unique per table, null for old rows. */
  idempotency_key: string | null;
}
export interface NewsletterSubscriptionsTable extends SubmissionColumns {
  /** Stored in lower case; unique on lower(email). */
  email: string;
}
export interface JobApplicationsTable extends SubmissionColumns {
  job_title: string;
  full_name: string;
  email: string;
  phone: string | null;
  /** The phone in E.164 ('+2348031234567'), null when none or not a valid number (migrations/0070). */
  phone_e164: string | null;
  resume_link: string;
  cover_letter: string | null;
}
export interface ServiceOrdersTable extends SubmissionColumns {
  full_name: string;
  email: string;
  phone: string | null;
  /** The phone in E.164 ('+2348031234567'), null when none or not a valid number (migrations/0070). */
  phone_e164: string | null;
  service_package: string | null;
  service_category: string;
  message: string | null;
}
export interface AppointmentsTable extends SubmissionColumns {
  full_name: string;
  email: string;
  phone: string | null;
  /** The phone in E.164 ('+2348031234567'), null when none or not a valid number (migrations/0070). */
  phone_e164: string | null;
  /** YYYY-MM-DD. */
  preferred_date: string;
  preferred_time: string | null;
  service_type: string;
  message: string | null;
}
export interface TripPlansTable extends SubmissionColumns {
  destination: string;
  departure_date: string | null;
  return_date: string | null;
  number_of_travelers: number;
  accommodation_preference: string | null;
  activity_interests: string | null;
  full_name: string;
  email: string;
  phone: string | null;
  /** The phone in E.164 ('+2348031234567'), null when none or not a valid number (migrations/0070). */
  phone_e164: string | null;
  additional_requests: string | null;
}

/** Live support chat (issue #6): migrations/0020-chat.ts. */
export interface ChatConversationsTable {
  id: Generated<number>;
  /** 'v:<visitor id>' (signed visitor cookie) or 'u:<user id>' (session); never sent to browsers. */
  visitor_key: string;
  user_id: number | null;
  assigned_agent_id: number | null;
  current_page: string | null;
  agent_read_message_id: Generated<number>;
  /** ISO-8601 UTC. */
  last_activity_at: string;
  created_at: string;
  /** Issue #14 (migrations/0060-chat-desk.ts). A new visitor message reopens a resolved conversation. */
  status: Generated<'open' | 'pending' | 'resolved'>;
  /** Set by a red-flag message, cleared on resolve. */
  urgent_at: string | null;
  /** When the bot acknowledged the current waiting period (cleared by an agent reply or resolve): one per period. */
  bot_acked_at: string | null;
  /** 1 while the bot waits for an e-mail address or WhatsApp number (out of hours). */
  awaiting_contact: Generated<number>;
  follow_up_kind: 'email' | 'whatsapp' | null;
  follow_up_value: string | null;
  whatsapp_at: string | null;
  visitor_seen_message_id: Generated<number>;
  /** The last agent message already sent to the visitor by e-mail. */
  followed_up_message_id: Generated<number>;
  resolved_at: string | null;
  rating_requested: Generated<number>;
  /** Contact details an agent added or corrected in the chat (migrations/0093); the phone in E.164. */
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  /** Issue #30 (migrations/0094): 'web' (the widget) or 'whatsapp'. */
  channel: Generated<'web' | 'whatsapp'>;
  /** The WhatsApp sender's number (E.164), unique: one conversation per number. */
  whatsapp_phone: string | null;
  /** Meta's timestamp of the patient's latest WhatsApp message (ISO): the 24-hour window starts there. */
  whatsapp_last_inbound_at: string | null;
  /** When the first WhatsApp reply carried the notice about Meta. */
  whatsapp_notice_at: string | null;
  /** When a web conversation moved to WhatsApp by its reference. */
  whatsapp_joined_at: string | null;
}
export interface ChatAgentReadsTable {
  conversation_id: number;
  agent_id: number;
  message_id: number;
}
export interface ChatPendingFollowupsTable {
  id: Generated<number>;
  conversation_id: number;
  due_at: string;
}
export interface ChatRatingsTable {
  id: Generated<number>;
  conversation_id: number;
  rating: number;
  comment: string | null;
  created_at: string;
}
/** Private notes staff leave in a conversation: never sent to the visitor (migrations/0093). */
export interface ChatNotesTable {
  id: Generated<number>;
  conversation_id: number;
  agent_id: number | null;
  body: string;
  created_at: string;
}
/** Files patients send in a chat (issue #30, migrations/0096, ADR 0050): the bytes or the refusal, never both. */
export interface ChatAttachmentsTable {
  id: Generated<number>;
  conversation_id: number;
  message_id: number | null;
  /** The provider's media id (WhatsApp): unique, so a retried webhook stores the file once. */
  provider_media_id: string;
  kind: 'image' | 'document' | 'audio' | 'video' | 'sticker';
  mime_type: string;
  byte_size: number | null;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string | null;
  filename: string | null;
  caption: string | null;
  /** 1 for a voice note. */
  voice: Generated<number>;
  /** Why the file was refused ('too large (18 MB, limit 16 MB)'); null when stored. */
  refusal: string | null;
  bytes: Buffer | null;
  created_at: string;
}
export interface ChatCannedRepliesTable {
  id: Generated<number>;
  title: string;
  body: string;
  updated_at: string;
}
export type ChatSenderColumn = 'user' | 'bot' | 'agent';
export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  message: string;
  sender: ChatSenderColumn;
  /** Unique: the browser's id for the message, so a retried send is stored once. */
  client_id: string | null;
  agent_id: number | null;
  created_at: string;
}

/** Bot replies not yet sent (issue #11.5): migrations/0040-chat-pending-replies.ts. */
export interface ChatPendingRepliesTable {
  id: Generated<number>;
  conversation_id: number;
  /** ISO-8601 UTC. */
  due_at: string;
}

/** Security audit log (issue #11): migrations/0030-audit-log.ts. Append-only. */
export interface AuditEventsTable {
  id: Generated<number>;
  type: string;
  actor_user_id: number | null;
  /** a***@example.com, never the full address. */
  masked_email: string | null;
  ip: string | null;
  subject: string | null;
  /** JSON object of non-personal details. */
  detail: string | null;
  created_at: string;
}

/** Staff back office (issue #13): migrations/0050-staff-back-office.ts. */
export type RequestTypeColumn = 'appointment' | 'service_order' | 'trip_plan' | 'job_application';
export type RequestStatusColumn = 'new' | 'in_progress' | 'confirmed' | 'done' | 'cancelled';
export interface RequestsTable {
  id: Generated<number>;
  reference: string;
  type: RequestTypeColumn;
  /** The row's id in the form's own table. */
  submission_id: number;
  full_name: string;
  /** Compares without regard to case (COLLATE NOCASE). */
  email: string;
  phone: string | null;
  /** The phone in E.164 ('+2348031234567'), null when none or not a valid number (migrations/0070). */
  phone_e164: string | null;
  /** The service, package, job or destination asked for. */
  subject: string;
  /** YYYY-MM-DD. */
  requested_date: string | null;
  status: Generated<RequestStatusColumn>;
  owner_id: number | null;
  /** Lagos wall-clock 'YYYY-MM-DDTHH:MM' of a confirmed appointment. */
  confirmed_for: string | null;
  patient_message: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  anonymised_at: string | null;
  /** ISO UTC: what the inbox sorts open work by, a confirmed appointment's time, else created_at (migrations/0092). */
  due_at: string | null;
  /** ISO UTC: the next call try of the latest call log entry (migrations/0092). */
  next_call_at: string | null;
}
export type RequestEventKind = 'created' | 'status' | 'assigned' | 'note' | 'message';
export interface RequestEventsTable {
  id: Generated<number>;
  request_id: number;
  actor_user_id: number | null;
  actor_kind: 'staff' | 'patient' | 'system';
  kind: RequestEventKind;
  from_status: RequestStatusColumn | null;
  to_status: RequestStatusColumn | null;
  owner_id: number | null;
  body: string | null;
  created_at: string;
}

export type CallOutcome = 'reached' | 'no_answer' | 'wrong_number';
/** The structured call log of a request (issue #29.7, migrations/0092): append-only. */
export interface RequestCallsTable {
  id: Generated<number>;
  request_id: number;
  actor_user_id: number | null;
  outcome: CallOutcome;
  /** Lagos wall-clock 'YYYY-MM-DDTHH:MM' of the next try, or null. */
  next_try_for: string | null;
  created_at: string;
}

export type OutboundChannel = 'sms' | 'whatsapp';
export type OutboundStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | 'cancelled';
/** SMS and WhatsApp to patients (migrations/0080): the queue and the record of each text. */
export interface OutboundMessagesTable {
  id: Generated<number>;
  /** E.164. */
  recipient: string;
  channel: OutboundChannel;
  template: string;
  language: string;
  /** JSON of the template's values, so the next channel of a fallback renders the same message. */
  params: string;
  text_body: string;
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
  status: Generated<OutboundStatus>;
  attempts: Generated<number>;
  /** Epoch ms: when a queued row is due, or a claimed row's lease ends. */
  next_attempt_at: number;
  provider: string | null;
  provider_id: string | null;
  /** The channels still to try, comma-separated ('sms,email'); '' when this is the last. */
  fallback: Generated<string>;
  /** Epoch ms: a sent WhatsApp message with no receipt by then goes by the next channel. */
  fallback_due_at: number | null;
  /** The address an e-mail fallback goes to. */
  fallback_email: string | null;
  /** What took over when this one failed ('sms #12', 'email'). */
  replaced_by: string | null;
  request_id: number | null;
  conversation_id: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** When the status last changed (ISO). */
  status_at: string;
  /** The desk message this WhatsApp text carries (issue #30), unique: queued once, its receipts shown on it. */
  chat_message_id: number | null;
}
export interface MessageConsentsTable {
  id: Generated<number>;
  phone_e164: string;
  channel: OutboundChannel;
  action: 'granted' | 'withdrawn';
  wording_version: string | null;
  source: string;
  user_id: number | null;
  request_id: number | null;
  created_at: string;
}
export interface MessagingWebhookEventsTable {
  provider: string;
  event_id: string;
  received_at: string;
}
export interface MessagingEarlyReceiptsTable {
  id: Generated<number>;
  provider: string;
  provider_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: string;
  error: string | null;
  received_at: string;
}

/** Appointment booking (migrations/0090): what staff control, and the booked times. Times are epoch ms. */
export interface CliniciansTable {
  id: Generated<number>;
  name: string;
  /** 1 while the clinician takes bookings, 0 once retired (their past bookings stay). */
  active: Generated<number>;
  created_at: string;
}
export interface ClinicianServicesTable {
  clinician_id: number;
  /** One of appointmentServices (shared/form-options.ts). */
  service: string;
  slot_minutes: number;
}
export interface ClinicianHoursTable {
  id: Generated<number>;
  clinician_id: number;
  service: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes after midnight, Lagos time. */
  start_minute: number;
  end_minute: number;
}
export interface ClinicianBlocksTable {
  id: Generated<number>;
  clinician_id: number;
  starts_at: number;
  ends_at: number;
  reason: string;
  created_at: string;
}
export interface ClinicClosuresTable {
  /** YYYY-MM-DD, Lagos. */
  date: string;
  reason: string;
  created_at: string;
}
export type BookingStatusColumn = 'booked' | 'cancelled';
export type AttendanceColumn = 'arrived' | 'no_show';
export interface BookingsTable {
  id: Generated<number>;
  request_id: number;
  clinician_id: number;
  service: string;
  starts_at: number;
  ends_at: number;
  status: Generated<BookingStatusColumn>;
  attendance: AttendanceColumn | null;
  calendar_uid: string;
  calendar_sequence: Generated<number>;
  video_room: string | null;
  manage_token_hash: string | null;
  wants_earlier: Generated<number>;
  booked_by: 'patient' | 'staff';
  created_at: string;
  updated_at: string;
}
export interface BookingCellsTable {
  clinician_id: number;
  cell_at: number;
  booking_id: number;
}
export interface BookingRemindersTable {
  id: Generated<number>;
  booking_id: number;
  kind: '24h' | '2h';
  starts_at: number;
  due_at: number;
  status: Generated<'pending' | 'sent' | 'cancelled' | 'skipped'>;
  created_at: string;
  done_at: string | null;
}
export interface WaitlistOffersTable {
  id: Generated<number>;
  booking_id: number;
  clinician_id: number;
  starts_at: number;
  token_hash: string;
  status: Generated<'open' | 'taken' | 'gone'>;
  created_at: string;
  answered_at: string | null;
}

/** Which staff alerts play a sound (integer flags), per staff member (issue #29). */
export interface StaffAlertSettingsTable {
  user_id: number;
  new_chat: number;
  visitor_message: number;
  urgent: number;
  new_request: number;
  updated_at: string;
}
/** Rooms handed back to the bot while their agent was gone, until the agent is told (issue #29). */
export interface ChatHandBacksTable {
  agent_id: number;
  conversation_id: number;
  handed_back_at: string;
}
