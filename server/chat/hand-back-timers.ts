/**
 * When an agent's rooms go back to the bot (issue #29): once the agent has had no staff tab open for the grace period.
 * Each agent has at most one timer, started when one of their connections closes and cancelled when one opens, so a
 * page change or a reload inside the grace period never hands a room back, and the period always counts from the
 * last close. The release itself checks every node again (an agent may have come back on another one).
 */
export function createHandBackTimers(options: { graceMs: number; release: (agentId: number) => void }) {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  // Closing disconnects every socket: those closes owe nothing.
  let closed = false;
  const cancel = (agentId: number) => {
    clearTimeout(timers.get(agentId));
    timers.delete(agentId);
  };
  return {
    /** One of the agent's connections opened: nothing is owed. */
    returned: cancel,
    /** One of the agent's connections closed: their rooms go back after the grace period (or `afterMs`). */
    left(agentId: number, afterMs = options.graceMs) {
      cancel(agentId);
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(agentId);
        options.release(agentId);
      }, afterMs);
      timers.set(agentId, timer);
    },
    pending: (agentId: number) => timers.has(agentId),
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
