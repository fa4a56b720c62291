/**
 * Session invalidations (logout, password reset, account deletion, expiry) announced to whoever
 * listens: the chat disconnects that session's sockets. One instance per running server
 * (server/index.ts passes it to createApp and attachChat), so one app's logout never reaches
 * another app in the same process (issue #12).
 */
/**
 * The Socket.IO room of every socket of one signed-in session, in each namespace: a logout disconnects the room, which
 * with the Redis adapter reaches the session's sockets on every node.
 */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export type SessionsInvalidatedListener = (userId: number, sessionIds: string[]) => void;
/** A new session began; `cookieHeader` is the request's (the chat reads the visitor cookie from it to merge). */
export type SignedInListener = (userId: number, cookieHeader: string | undefined) => void;

export type SessionEvents = {
  /** Subscribes; returns the unsubscribe function. */
  onSessionsInvalidated: (listener: SessionsInvalidatedListener) => () => void;
  announce: (userId: number, sessionIds: string[]) => void;
  onSignedIn: (listener: SignedInListener) => () => void;
  signedIn: (userId: number, cookieHeader: string | undefined) => void;
};

export function createSessionEvents(): SessionEvents {
  const listeners = new Set<SessionsInvalidatedListener>();
  const signInListeners = new Set<SignedInListener>();
  return {
    onSignedIn(listener) {
      signInListeners.add(listener);
      return () => signInListeners.delete(listener);
    },
    signedIn(userId, cookieHeader) {
      for (const listener of signInListeners) {
        try {
          listener(userId, cookieHeader);
        } catch {
          // A failing subscriber must not stop a log-in.
        }
      }
    },
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
