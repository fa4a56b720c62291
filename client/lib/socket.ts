import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  CHAT_NAMESPACES,
  VISITOR_HANDSHAKE_QUERY,
  type AgentClientToServerEvents,
  type AgentServerToClientEvents,
  type VisitorClientToServerEvents,
  type VisitorServerToClientEvents,
} from '../../shared/chat-events';
import { STAFF_NAMESPACE, type StaffServerToClientEvents } from '../../shared/requests';

export type VisitorSocket = Socket<VisitorServerToClientEvents, VisitorClientToServerEvents>;
export type AgentSocket = Socket<AgentServerToClientEvents, AgentClientToServerEvents>;
/** The staff inbox's live channel (issue #13): the server only talks. */
export type StaffSocket = Socket<StaffServerToClientEvents, Record<string, never>>;

type Options = Partial<ManagerOptions & SocketOptions> & {
  /** Server origin; the page's own origin in the browser (tests and the benchmark pass one). */
  origin?: string;
};

/**
 * Typed Socket.IO clients for the chat's two namespaces, shared by the visitor widget and the
 * agent console (and the socket tests). Cookies travel with the handshake: the visitor cookie
 * or the session names the conversation on the server.
 */
export function createSocket(kind: 'visitor', options?: Options): VisitorSocket;
export function createSocket(kind: 'agent', options?: Options): AgentSocket;
export function createSocket(kind: 'staff', options?: Options): StaffSocket;
export function createSocket(
  kind: 'visitor' | 'agent' | 'staff',
  { origin = '', ...options }: Options = {},
): VisitorSocket | AgentSocket | StaffSocket {
  return io(`${origin}${kind === 'staff' ? STAFF_NAMESPACE : CHAT_NAMESPACES[kind]}`, {
    // Polling first, then WebSocket: works behind proxies that block upgrades, and the
    // first (HTTP) response can set the visitor cookie.
    withCredentials: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
    ...(kind === 'visitor' ? { query: { ...VISITOR_HANDSHAKE_QUERY } } : {}),
    ...options,
  });
}
