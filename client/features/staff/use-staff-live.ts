/**
 * The live inbox channel (issue #13): one '/staff' socket while the staff app is open. New and changed requests are
 * handed to the current handlers; a server-side disconnect (deploy, restart) is retried, and the handshake decides.
 */
import { useEffect, useState } from 'react';
import type { InboxRow } from '../../../shared/requests';
import { createSocket } from '../../lib/socket';
import { useLatest } from '../../lib/use-latest';

export type LiveStatus = 'connecting' | 'live' | 'offline';

export function useStaffLive(handlers: {
  onNew: (row: InboxRow) => void;
  onChanged: (row: InboxRow) => void;
  /** A colleague took over one of this person's requests (issue #29.5). */
  onTaken?: (notice: { row: InboxRow; byName: string }) => void;
}) {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useLatest(handlers);
  useEffect(() => {
    const socket = createSocket('staff');
    let retry: ReturnType<typeof setTimeout> | undefined;
    socket.on('connect', () => setStatus('live'));
    socket.on('disconnect', (reason) => {
      setStatus('offline');
      if (reason === 'io server disconnect') retry = setTimeout(() => socket.connect(), 1000);
    });
    socket.on('connect_error', () => setStatus('offline'));
    socket.on('request:new', (row) => latest.current.onNew(row));
    socket.on('request:changed', (row) => latest.current.onChanged(row));
    socket.on('request:taken', (notice) => latest.current.onTaken?.(notice));
    return () => {
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [latest]);
  return status;
}
