/**
 * The visitor chat's delayed tasks (retries, reconnects), all cancelled when the client is
 * destroyed, so nothing runs against a socket or a screen that is gone.
 */
export function createChatTimers() {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;

  return {
    /** Runs `task` after `ms`, unless the client has been destroyed by then. */
    later: (ms: number, task: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopped) task();
      }, ms);
      timers.add(timer);
    },
    /** True once the client is destroyed. */
    stopped: () => stopped,
    stopAll: () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
