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
}

/** Columns every stored row shares. */
export type RowId = Generated<number>;

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
}
export interface SessionsTable {
  /** SHA-256 (hex) of the session token. */
  id: string;
  user_id: number;
  /** Epoch milliseconds. */
  expires_at: number;
  created_at: string;
}
export type EmailTokenKind = 'confirm_email' | 'reset_password';
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
}
