/**
 * The shell's data (issue #13): the New count, the one live '/staff' socket fanned out to the open views' listeners,
 * and the sound for new requests, kept in localStorage.
 */
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast-provider';
import { beep } from '../../lib/beep';
import { trpc } from '../../lib/trpc';
import { useLatest } from '../../lib/use-latest';
import type { LiveListener, StaffContextValue, StaffMe } from './staff-context';
import { useNewRequestCount } from './use-new-request-count';
import { useStaffLive } from './use-staff-live';

const SOUND_KEY = 'app-staff-sound';

export function useStaffShell(me: StaffMe) {
  const queryClient = useQueryClient();
  const newCount = useNewRequestCount();
  const listeners = useRef(new Set<LiveListener>());
  const [sound, setSound] = useState(
    () => typeof localStorage !== 'undefined' && localStorage.getItem(SOUND_KEY) === 'on',
  );
  const soundRef = useLatest(sound);
  const { toast } = useToast();

  const refreshCount = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.staff.newCount) }),
    [queryClient],
  );
  const liveStatus = useStaffLive({
    onNew: (row) => {
      refreshCount();
      if (soundRef.current) beep(660);
      for (const listener of listeners.current) listener.onNew?.(row);
    },
    onChanged: (row) => {
      refreshCount();
      for (const listener of listeners.current) listener.onChanged?.(row);
    },
    // Told on whichever staff page they are (issue #29.5); the request's history says it too.
    onTaken: ({ row, byName }) =>
      toast({ title: 'Request taken over', description: `${byName} took over ${row.reference} from you.` }),
  });
  const listen = useCallback((listener: LiveListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const toggleSound = (on: boolean) => {
    setSound(on);
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    if (on) beep(660);
  };

  const context: StaffContextValue = { me, newCount: newCount.data ?? 0, liveStatus, listen };
  return { context, sound, toggleSound };
}
