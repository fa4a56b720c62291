/**
 * A staff socket's session, checked again for as long as the socket is open (issue #24.2). The handshake checks the
 * session once; without more, a socket opened by an admin keeps admin rights after a demotion, and outlives the
 * 12-hour and 2-hour limits until some HTTP request notices. So:
 *
 * - `check` validates the session again (role from the database, idle and absolute limits): the `/agent` namespace
 *   runs it before every event; only a person's action extends the session (SessionUse).
 * - A timer at the session's deadline checks it again, so a socket that sends nothing (the staff inbox) still closes
 *   when the session ends; a session a person kept using has moved its deadline, and the timer waits for the new one.
 *
 * Role changes are also pushed (SessionEvents.roleChanged, userRoom): the sockets reconnect with the new role.
 */
import type { AppDatabase } from '../db/database';
import type { UserRole } from '../db/schema';
import type { Logger } from '../logger';
import { validateSession, type ContextUser, type SessionUse } from './session';
import type { SessionEvents } from './session-events';

export const isStaffRole = (role: UserRole) => role === 'agent' || role === 'admin';

/**
 * A refusal's `close` ends the socket: it announces an ended session (which closes its sockets on every node) and
 * disconnects this one. It is left to the caller so that the refused event can be answered first.
 */
export type StaffSessionVerdict =
  { ok: true; user: ContextUser; expiresAt: number } | { ok: false; reason: 'ended' | 'not_staff'; close: () => void };

/** setTimeout's longest delay is about 24.8 days; a timer is set at most this far ahead and looks again then. */
const LONGEST_TIMER_MS = 24 * 60 * 60_000;
/** When the database did not answer a deadline check, it is tried again this much later. */
const RETRY_CHECK_MS = 60_000;

type WatchedSocket = {
  disconnect: (close: boolean) => unknown;
  on: (event: 'disconnect', listener: () => void) => unknown;
};

export function watchStaffSession(
  socket: WatchedSocket,
  sessionId: string,
  deps: {
    db: AppDatabase;
    sessionEvents: SessionEvents;
    logger: Logger;
    /** The time sessions are judged by (tests move it; the timer's delays are counted from it). */
    now?: () => number;
    onUser?: (user: ContextUser) => void;
  },
) {
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let open = true;

  const check = async (use: SessionUse): Promise<StaffSessionVerdict> => {
    // An ended session is announced (closing its sockets on every node) only when the caller closes this socket.
    const ended: (() => void)[] = [];
    const announceLater = {
      announce: (userId: number, ids: string[]) => ended.push(() => deps.sessionEvents.announce(userId, ids)),
    };
    const current = await validateSession(deps.db, sessionId, announceLater, use, now());
    const close = () => {
      for (const announce of ended) announce();
      socket.disconnect(true);
    };
    if (!current) return { ok: false, reason: 'ended', close };
    if (!isStaffRole(current.user.role)) return { ok: false, reason: 'not_staff', close };
    deps.onUser?.(current.user);
    return { ok: true, user: current.user, expiresAt: current.session.expiresAt.getTime() };
  };

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (!open) return;
    timer = setTimeout(() => void checkAtDeadline(), Math.max(0, Math.min(delayMs, LONGEST_TIMER_MS)));
    timer.unref();
  };

  const checkAtDeadline = async () => {
    try {
      const verdict = await check('background');
      if (!verdict.ok) return verdict.close();
      schedule(verdict.expiresAt - now());
    } catch (error) {
      deps.logger.error('staff socket session check failed', { err: error });
      schedule(RETRY_CHECK_MS);
    }
  };

  socket.on('disconnect', () => {
    open = false;
    clearTimeout(timer);
  });
  // The first check also finds a session that ended between the handshake and now.
  void checkAtDeadline();

  return { check };
}
