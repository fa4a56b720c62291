/**
 * Session invalidations (logout, password reset, account deletion, expiry) and role changes announced to whoever
 * listens: the chat disconnects that session's (or that user's) sockets. One instance per running server
 * (server/index.ts passes it to createApp and attachChat), so one app's logout never reaches
 * another app in the same process (issue #12).
 */
/**
 * The Socket.IO room of every socket of one signed-in session, in each namespace: a logout disconnects the room, which
 * with the Redis adapter reaches the session's sockets on every node.
 */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The Socket.IO room of every staff socket of one user, in the staff namespaces (`/agent`, `/staff`): a role change
 * disconnects it on every node, and the clients reconnect with the new role (issue #24.2).
 */
export const userRoom = (userId: number) => `user:${userId}`;

export type SessionsInvalidatedListener = (userId: number, sessionIds: string[]) => void;
/** A new session began; `cookieHeader` is the request's (the chat reads the visitor cookie from it to merge). */
export type SignedInListener = (userId: number, cookieHeader: string | undefined) => void;

export type SessionEvents = {
  /** Subscribes; returns the unsubscribe function. */
  onSessionsInvalidated: (listener: SessionsInvalidatedListener) => () => void;
  announce: (userId: number, sessionIds: string[]) => void;
  onSignedIn: (listener: SignedInListener) => () => void;
  signedIn: (userId: number, cookieHeader: string | undefined) => void;
  /** A user's role changed (their sessions stay; what they may do does not). */
  onRoleChanged: (listener: (userId: number) => void) => () => void;
  roleChanged: (userId: number) => void;
};

export function createSessionEvents(): SessionEvents {
  const listeners = new Set<SessionsInvalidatedListener>();
  const signInListeners = new Set<SignedInListener>();
  const roleListeners = new Set<(userId: number) => void>();
  return {
    onRoleChanged(listener) {
      roleListeners.add(listener);
      return () => roleListeners.delete(listener);
    },
    roleChanged(userId) {
      for (const listener of roleListeners) {
        try {
          listener(userId);
        } catch {
          // A failing subscriber must not stop the change.
        }
      }
    },
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
