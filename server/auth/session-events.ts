/**
 * Session invalidations (logout, password reset, account deletion, expiry) announced to whoever
 * listens: the chat disconnects that session's sockets. One instance per running server
 * (server/index.ts passes it to createApp and attachChat), so one app's logout never reaches
 * another app in the same process (issue #12).
 */
export type SessionsInvalidatedListener = (userId: number, sessionIds: string[]) => void;

export type SessionEvents = {
  /** Subscribes; returns the unsubscribe function. */
  onSessionsInvalidated: (listener: SessionsInvalidatedListener) => () => void;
  announce: (userId: number, sessionIds: string[]) => void;
};

export function createSessionEvents(): SessionEvents {
  const listeners = new Set<SessionsInvalidatedListener>();
  return {
    onSessionsInvalidated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce(userId, sessionIds) {
      if (!sessionIds.length) return;
      for (const listener of listeners) {
        try {
          listener(userId, sessionIds);
        } catch {
          // One failing subscriber must not stop a logout.
        }
      }
    },
  };
}
