import { lazy } from 'react';
import { StaffApp } from '../features/staff/staff-app';

const AgentConsole = lazy(() =>
  import('../features/agent/agent-console').then((module) => ({ default: module.AgentConsole })),
);

/**
 * /staff and everything under it (issue #13): the staff app, with the support console as its Chats page (loaded when
 * opened). Not prerendered; the server answers only staff sessions (tRPC staff procedures and the '/staff' socket).
 */
export default function StaffPage() {
  return <StaffApp chats={<AgentConsole />} />;
}
