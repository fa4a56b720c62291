import { lazy } from 'react';
import { StaffApp } from '../features/staff/staff-app';

const AgentConsole = lazy(() =>
  import('../features/agent/agent-console').then((module) => ({ default: module.AgentConsole })),
);
const AgentPresenceLink = lazy(() =>
  import('../features/agent/agent-presence-link').then((module) => ({ default: module.AgentPresenceLink })),
);

/**
 * /staff and everything under it (issue #13): the staff app, with the support console as its Chats page (loaded when
 * opened) and the agent connection every staff page keeps (issue #29: chats follow the person). Not prerendered; the
 * server answers only staff sessions (tRPC staff procedures and the '/staff' socket).
 */
export default function StaffPage() {
  return <StaffApp chats={<AgentConsole />} chatLink={(handlers) => <AgentPresenceLink {...handlers} />} />;
}
