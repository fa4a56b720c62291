/**
 * Where the focus goes as rooms open and close. In the narrow layout the list and the open room take turns, so an
 * opened room's heading takes the focus; 'All conversations' brings it back to the room's row (or the list heading).
 */
import { useEffect, useRef, useState } from 'react';

/** Below this width the list and the open conversation take turns (agent.css). */
const NARROW_LAYOUT = '(max-width: 899px)';

export function useRoomFocus(rooms: { open: (id: number) => void; close: () => void }, selectedId: number | null) {
  /** The room was opened in the narrow layout: its heading takes the focus. */
  const [focusRoom, setFocusRoom] = useState(false);
  /** 'All conversations' was pressed: the focus goes back to this row (or the list heading). */
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (returnTo === null) return;
    const row = document.querySelector<HTMLElement>(`[data-conversation-id="${returnTo}"]`);
    (row ?? listHeadingRef.current)?.focus();
  }, [returnTo]);

  const openRoom = (id: number) => {
    setFocusRoom(window.matchMedia(NARROW_LAYOUT).matches);
    setReturnTo(null);
    rooms.open(id);
  };
  const closeRoom = () => {
    setReturnTo(selectedId);
    rooms.close();
  };
  return { focusRoom, listHeadingRef, openRoom, closeRoom };
}
