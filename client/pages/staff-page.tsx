import { lazy } from 'react';
import { PatientPanel } from '../features/patient-panel/patient-panel';
import { StaffApp } from '../features/staff/staff-app';
import { PatientPanelProvider, type PatientPanelProps } from '../lib/patient-panel-slot';

const AgentConsole = lazy(() =>
  import('../features/agent/agent-console').then((module) => ({ default: module.AgentConsole })),
);
const AgentPresenceLink = lazy(() =>
  import('../features/agent/agent-presence-link').then((module) => ({ default: module.AgentPresenceLink })),
);

/** The patient panel beside each conversation and request (issue #29.4). */
const patientPanel = (props: PatientPanelProps) => <PatientPanel {...props} />;

/**
 * /staff and everything under it (issue #13): the staff app, with the support console as its Chats page (loaded when
 * opened) and the agent connection every staff page keeps (issue #29: chats follow the person). Not prerendered; the
 * server answers only staff sessions (tRPC staff procedures and the '/staff' socket).
 */
export default function StaffPage() {
  return (
    <PatientPanelProvider value={patientPanel}>
      <StaffApp chats={<AgentConsole />} chatLink={(handlers) => <AgentPresenceLink {...handlers} />} />
    </PatientPanelProvider>
  );
}
