/**
 * The shell's data (issue #13): the New count, the one live '/staff' socket fanned out to the open views' listeners,
 * and, on every staff page (issue #29), the alerts: a new request, and the chat alerts the agent connection raises.
 * Each alerts as a badge, a count in the title and, as the staff member chose on the server, a sound.
 */
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  DEFAULT_STAFF_SOUNDS,
  type ChatAlertKind,
  type ChatLinkHandlers,
  type HandedBackRoom,
  type StaffAlertKind,
  type StaffSoundSettings,
} from '../../../shared/staff-alerts';
import { paths } from '../../app/paths';
import { beep, beepUrgent } from '../../lib/beep';
import { useToast } from '../../components/toast/toast-provider';
import { trpc } from '../../lib/trpc';
import { useLatest } from '../../lib/use-latest';
import type { LiveListener, StaffContextValue, StaffMe } from './staff-context';
import { useNewRequestCount } from './use-new-request-count';
import { useStaffLive } from './use-staff-live';

const SOUNDS: Record<StaffAlertKind, () => void> = {
  newChat: () => beep(740),
  visitorMessage: () => beep(),
  urgent: () => beepUrgent(),
  newRequest: () => beep(660),
};

export function useStaffShell(me: StaffMe) {
  const queryClient = useQueryClient();
  const newCount = useNewRequestCount();
  const listeners = useRef(new Set<LiveListener>());
  const sounds = useStaffSounds();
  const soundsRef = useLatest(sounds.settings);
  const play = useCallback(
    (kind: StaffAlertKind) => {
      if (soundsRef.current[kind]) SOUNDS[kind]();
    },
    [soundsRef],
  );
  const { toast } = useToast();

  const refreshCount = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.staff.newCount) }),
    [queryClient],
  );
  const liveStatus = useStaffLive({
    onNew: (row) => {
      refreshCount();
      // A request a staff member entered for a caller is theirs from the start: their own action, no sound.
      if (row.ownerId !== me.id) play('newRequest');
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

  const chat = useChatAlerts(play);
  const context: StaffContextValue = {
    me,
    newCount: newCount.data ?? 0,
    chatAlerts: chat.count,
    liveStatus,
    listen,
  };
  return { context, sounds, chat };
}

/** The sound settings, read from and saved to the server; a change shows at once. */
function useStaffSounds() {
  const utils = trpc.useUtils();
  const query = trpc.staff.alerts.sounds.useQuery();
  // The choice is React state, set in the click's own event: a controlled checkbox whose value changes only later
  // (the query cache notifies after the event) is put back by React, and flickers or looks refused. It gives way to
  // the server's answer once no save is on its way.
  const [chosen, setChosen] = useState<StaffSoundSettings | null>(null);
  const saving = useRef(0);
  const save = trpc.staff.alerts.saveSounds.useMutation({
    onMutate: async (next) => {
      // A read already on its way must not put the old settings back over the new ones.
      await utils.staff.alerts.sounds.cancel();
      const previous = utils.staff.alerts.sounds.getData();
      utils.staff.alerts.sounds.setData(undefined, next);
      return { previous };
    },
    onError: (_error, _next, context) => utils.staff.alerts.sounds.setData(undefined, context?.previous),
    onSettled: () => {
      saving.current -= 1;
      if (saving.current === 0) setChosen(null);
      void utils.staff.alerts.sounds.invalidate();
    },
  });
  const settings: StaffSoundSettings = chosen ?? query.data ?? DEFAULT_STAFF_SOUNDS;
  return {
    settings,
    loaded: query.isSuccess,
    failed: save.isError,
    change(kind: StaffAlertKind, on: boolean) {
      const next = { ...settings, [kind]: on };
      saving.current += 1;
      setChosen(next);
      save.mutate(next);
      // Turning a sound on plays it: the person hears what they chose (and the browser may start audio now).
      if (on) SOUNDS[kind]();
    },
  };
}

/**
 * Chat alerts since the staff member last looked at Chats (the Chats badge and the title count), and the rooms
 * handed back while they were gone.
 */
function useChatAlerts(play: (kind: ChatAlertKind) => void) {
  const [location] = useLocation();
  const onChats = location === paths.staffChats();
  const onChatsRef = useLatest(onChats);
  // Counted while away from Chats; opening Chats clears them (the console shows each room's unread count).
  const [unseen, setUnseen] = useState(0);
  const [handedBack, setHandedBack] = useState<HandedBackRoom[]>([]);
  const [clearedOnChats, setClearedOnChats] = useState(onChats);
  if (onChats !== clearedOnChats) {
    setClearedOnChats(onChats);
    if (onChats) setUnseen(0);
  }
  const handlers: ChatLinkHandlers = {
    onAlert: (kind) => {
      play(kind);
      if (!onChatsRef.current) setUnseen((current) => current + 1);
    },
    onHandedBack: (rooms) => setHandedBack((current) => [...current, ...rooms]),
  };
  return { count: unseen, handlers, handedBack, dismissHandedBack: () => setHandedBack([]) };
}
