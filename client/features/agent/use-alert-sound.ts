/** 'Play a sound for new messages': off until the agent turns it on; the handlers read the latest choice. */
import { useState } from 'react';
import { beep, beepUrgent } from '../../lib/beep';
import { useLatest } from '../../lib/use-latest';

export function useAlertSound() {
  const [sound, setSound] = useState(false);
  const soundRef = useLatest(sound);
  return {
    sound,
    setSound,
    onVisitorMessage: () => {
      if (soundRef.current) beep();
    },
    onUrgent: () => {
      if (soundRef.current) beepUrgent();
    },
    onTransferRequested: () => {
      if (soundRef.current) beep(660);
    },
  };
}
