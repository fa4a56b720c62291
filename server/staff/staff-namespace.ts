/**
 * The staff inbox's live channel (issue #13): Socket.IO namespace '/staff' on the chat's server. Same admission as the
 * support console (the session cookie of an agent or an admin; refusals go to the audit log). Clients send nothing;
 * every committed inbox change announced on InboxEvents goes to every connected staff member (on every node, through
 * the Socket.IO Redis adapter when REDIS_URL is set).
 */
import type { Namespace, Server, Socket } from 'socket.io';
import type { ChatError } from '../../shared/chat-events';
import { LOG_IN_REQUIRED_MESSAGE } from '../../shared/messages/auth-messages';
import { STAFF_ONLY_MESSAGE } from '../../shared/messages/staff-messages';
import { STAFF_NAMESPACE, type StaffServerToClientEvents } from '../../shared/requests';
import type { AuditLog } from '../audit/audit-log';
import { sessionRoom, userRoom, type SessionEvents } from '../auth/session-events';
import type { validateSessionToken } from '../auth/session';
import { isStaffRole, watchStaffSession } from '../auth/staff-socket-session';
import type { AppDatabase } from '../db/database';
import type { Logger } from '../logger';
import type { InboxEvents } from './inbox-events';

type StaffSocketData = { userId: number; sessionId: string };
type StaffNamespace = Namespace<
  Record<string, never>,
  StaffServerToClientEvents,
  Record<string, never>,
  StaffSocketData
>;
type StaffSocket = Socket<Record<string, never>, StaffServerToClientEvents, Record<string, never>, StaffSocketData>;

type Deps = {
  db: AppDatabase;
  logger: Logger;
  audit: AuditLog;
  inboxEvents: InboxEvents;
  sessionEvents: SessionEvents;
  sessionClock: () => number;
  ipOf: (socket: StaffSocket) => string;
  sessionFor: (cookieHeader: string | undefined) => ReturnType<typeof validateSessionToken> | Promise<null>;
};

const refusal = (code: ChatError['code'], message: string) => {
  const error = new Error(message) as Error & { data: ChatError };
  error.data = { code, message };
  return error;
};

export function attachStaffNamespace(io: Server, deps: Deps) {
  const staff = io.of(STAFF_NAMESPACE) as unknown as StaffNamespace;

  // Socket.IO ignores a middleware's return value; the body catches its own errors.
  staff.use((socket, next) => void admit(socket, next));
  async function admit(socket: StaffSocket, next: (error?: Error) => void) {
    const ip = deps.ipOf(socket);
    try {
      const session = await deps.sessionFor(socket.request.headers.cookie);
      if (!session || !isStaffRole(session.user.role)) {
        await deps.audit.record({
          type: 'staff.access_refused',
          actorUserId: session?.user.id ?? null,
          email: session?.user.email ?? null,
          ip,
          subject: STAFF_NAMESPACE,
          detail: { reason: session ? 'not_staff' : 'not_signed_in' },
        });
        return next(
          session ? refusal('FORBIDDEN', STAFF_ONLY_MESSAGE) : refusal('UNAUTHORIZED', LOG_IN_REQUIRED_MESSAGE),
        );
      }
      socket.data = { userId: session.user.id, sessionId: session.session.id };
      next();
    } catch (error) {
      deps.logger.error('staff socket handshake failed', { err: error });
      next(refusal('STORAGE_FAILED', 'Something went wrong on our side. Please try again.'));
    }
  }

  const stopInbox = deps.inboxEvents.onChange((change) => {
    if (change.kind === 'taken')
      staff.to(userRoom(change.fromUserId)).emit('request:taken', { row: change.row, byName: change.byName });
    else staff.emit(change.kind === 'new' ? 'request:new' : 'request:changed', change.row);
  });
  staff.on('connection', (socket: StaffSocket) => {
    void socket.join([sessionRoom(socket.data.sessionId), userRoom(socket.data.userId)]);
    // The inbox sends nothing: a timer at the session's deadline closes it when the session ends (issue #24.2).
    watchStaffSession(socket, socket.data.sessionId, { ...deps, now: deps.sessionClock });
  });
  // Logout, deactivation or expiry: that session's staff sockets go at once, on whichever node they are.
  const stopSessions = deps.sessionEvents.onSessionsInvalidated((_userId, sessionIds) => {
    const ended = sessionIds.map(sessionRoom);
    // Here at once, also while Redis is away (the Redis adapter acts only on its own message coming back); then on the
    // other nodes.
    staff.local.in(ended).disconnectSockets(true);
    staff.in(ended).disconnectSockets(true);
  });
  // A role change: the inbox reconnects, and its handshake applies the new role.
  const stopRoleChanges = deps.sessionEvents.onRoleChanged((userId) => {
    staff.local.in(userRoom(userId)).disconnectSockets(true);
    staff.in(userRoom(userId)).disconnectSockets(true);
  });

  return {
    close() {
      stopInbox();
      stopSessions();
      stopRoleChanges();
    },
  };
}
