import type { AppDatabase } from '../db/database';
import { mailOutbox, type OutgoingMail } from '../data/mail-outbox';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets the worker wake up at once when mail is queued (instead of waiting for its next poll). */
export function onMailQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Stores the message in the database queue and returns. Delivery happens in the worker, so a
 * request never waits for (or fails because of) the mail server.
 */
export async function enqueueMail(db: AppDatabase, mail: OutgoingMail): Promise<void> {
  await mailOutbox.insert(db, mail);
  notifyMailQueued();
}

/** For mail inserted inside a caller's transaction: call once that transaction has committed. */
export function notifyMailQueued(): void {
  for (const listener of listeners) listener();
}
