/**
 * Inbox changes announced to whoever listens (issue #13): the staff Socket.IO namespace pushes them to every open
 * inbox. One instance per running server (server/index.ts gives the same one to createApp and the sockets), like
 * SessionEvents. Announce only after the change is committed.
 */
import type { InboxRow } from '../../shared/requests';

export type InboxChange =
  | { kind: 'new' | 'changed'; row: InboxRow }
  /** A request taken over from a colleague (issue #29.5): they are told, wherever they are in the staff app. */
  | { kind: 'taken'; row: InboxRow; fromUserId: number; byName: string };
export type InboxListener = (change: InboxChange) => void;

export type InboxEvents = {
  /** Subscribes; returns the unsubscribe function. */
  onChange: (listener: InboxListener) => () => void;
  announce: (change: InboxChange) => void;
};

export function createInboxEvents(): InboxEvents {
  const listeners = new Set<InboxListener>();
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // One failing subscriber must not undo a committed change.
        }
      }
    },
  };
}
