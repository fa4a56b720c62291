/**
 * Where the patient panel (issue #29.4) goes beside a conversation or a request. The panel is a feature of its own and
 * features do not import each other, so the staff page provides it here and the chat console and the request page
 * each place a slot.
 */
import { createContext, useContext, type ReactNode } from 'react';

export type PatientPanelSubject = { conversationId: number } | { requestId: number };

/** `version` changes when what the panel shows may have changed (contact details saved), so it asks again. */
export type PatientPanelProps = { subject: PatientPanelSubject; version?: string };

const PatientPanelContext = createContext<((props: PatientPanelProps) => ReactNode) | null>(null);

export const PatientPanelProvider = PatientPanelContext.Provider;

/** The panel about this conversation or request; nothing where the page provides none. */
export function PatientPanelSlot(props: PatientPanelProps) {
  const renderPanel = useContext(PatientPanelContext);
  return renderPanel ? renderPanel(props) : null;
}
