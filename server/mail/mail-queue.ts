import type { AppDatabase } from '../db/database';
import { mailOutbox, type OutgoingMail } from '../data/mail-outbox';

type Listener = () => void;

/**
 * The app's mail queue: rows in mail_outbox, and a wake-up for this app's worker. The listeners belong to one app
 * (issue #26.2): as module state, two apps in one process woke each other's workers.
 */
export type MailQueue = {
  /**
   * Stores the message in the database queue and returns. Delivery happens in the worker, so a request never waits
   * for (or fails because of) the mail server.
   */
  enqueue: (mail: OutgoingMail) => Promise<void>;
  /** For mail inserted inside a caller's transaction: call once that transaction has committed. */
  notifyQueued: () => void;
  /** Lets the worker wake up at once when mail is queued (instead of waiting for its next poll). */
  onQueued: (listener: Listener) => () => void;
};

export function createMailQueue(db: AppDatabase): MailQueue {
  const listeners = new Set<Listener>();
  const notifyQueued = () => {
    for (const listener of listeners) listener();
  };
  return {
    async enqueue(mail) {
      await mailOutbox.insert(db, mail);
      notifyQueued();
    },
    notifyQueued,
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
