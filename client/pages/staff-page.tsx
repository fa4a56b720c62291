import { lazy } from 'react';
import { PatientPanel } from '../features/patient-panel/patient-panel';
import { StaffApp } from '../features/staff/staff-app';
import { PatientPanelProvider, type PatientPanelProps } from '../lib/patient-panel-slot';

const AgentConsole = lazy(() =>
  import('../features/agent/agent-console').then((module) => ({ default: module.AgentConsole })),
);

/** The patient panel beside each conversation and request (issue #29.4). */
const patientPanel = (props: PatientPanelProps) => <PatientPanel {...props} />;

/**
 * /staff and everything under it (issue #13): the staff app, with the support console as its Chats page (loaded when
 * opened). Not prerendered; the server answers only staff sessions (tRPC staff procedures and the '/staff' socket).
 */
export default function StaffPage() {
  return (
    <PatientPanelProvider value={patientPanel}>
      <StaffApp chats={<AgentConsole />} />
    </PatientPanelProvider>
  );
}
