/**
 * What every staff page reads from the shell (issue #13): who is signed in, the count of New requests, the live
 * socket's state, and a subscription to live inbox changes. Its own module (issue #26.5), so the pages import the
 * context and the shell imports the pages: no import cycle.
 */
import { createContext, useContext } from 'react';
import { brand } from '../../../shared/brand';
import type { InboxRow } from '../../../shared/requests';
import { PageMeta } from '../../layout/page-meta';
import type { LiveStatus } from './use-staff-live';

export type StaffMe = { id: number; fullName: string; role: 'patient' | 'agent' | 'admin' };
export type LiveListener = { onNew?: (row: InboxRow) => void; onChanged?: (row: InboxRow) => void };

export type StaffContextValue = {
  me: StaffMe;
  newCount: number;
  /** Chat alerts (new chats, visitor messages in the person's rooms, urgent rooms) since they last opened Chats. */
  chatAlerts: number;
  liveStatus: LiveStatus;
  /** Subscribes a view to live inbox changes; returns the unsubscribe function. */
  listen: (listener: LiveListener) => () => void;
};

export const StaffContext = createContext<StaffContextValue | null>(null);

export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext);
  if (!value) throw new Error('useStaff needs the staff app around it');
  return value;
}

/** The document title with the count of alerts first (New requests and chat alerts), e.g. '(3) Inbox · Staff'. */
export function StaffTitle({ title }: { title: string }) {
  const { newCount, chatAlerts } = useStaff();
  const alerts = newCount + chatAlerts;
  const full = `${alerts ? `(${alerts}) ` : ''}${title} · Staff · ${brand.name}`;
  return <PageMeta title={full} description={`${brand.name} staff app.`} />;
}
