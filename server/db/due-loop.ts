/**
 * The loop of a worker that sends what a database queue says is due (the mail and the text queues): it runs the work
 * when told something was queued, and otherwise sleeps until the next due time (at most `pollMs`). A wake-up while
 * the work runs runs it once more after; `stop` waits for the run in hand.
 */
export type DueLoopOptions = {
  /** Sends what is due now; resolves with how many went. It looks at `stopped()` between items. */
  work: (stopped: () => boolean) => Promise<number>;
  /** The earliest time (epoch ms) something will be due, or null for nothing. */
  nextDueAt: () => Promise<number | null>;
  /** Subscribes to 'something was queued'; returns the unsubscribe. */
  onQueued: (listener: () => void) => () => void;
  /** Longest sleep between looks at the queue. */
  pollMs: number;
  onError: (error: unknown) => void;
  now?: () => number;
};

export type DueLoop = {
  /** Runs the work now (after the run in hand); resolves with the number sent. */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

export function startDueLoop(options: DueLoopOptions): DueLoop {
  const { work, nextDueAt, pollMs, onError, now = Date.now } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    const next = await nextDueAt().catch(() => null);
    if (stopped) return;
    const wait = next === null ? pollMs : Math.max(0, Math.min(pollMs, next - now()));
    timer = setTimeout(() => void tick(), wait);
    timer.unref();
  }

  function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = work(() => stopped)
      .catch((error: unknown) => {
        onError(error);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void tick();
        } else void schedule();
      });
    return running;
  }

  const unsubscribe = options.onQueued(() => void tick());
  void tick();

  return {
    runOnce: async () => {
      if (running) await running;
      return tick();
    },
    stop: async () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running?.catch(() => 0);
    },
  };
}
