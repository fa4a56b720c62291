/**
 * Tells the server which messages the visitor has seen ('conversation:seen'), so the launcher's
 * unread badge agrees in every tab and on the next visit (issue #14). Reports are debounced (the
 * panel shows messages as they arrive) and only sent when the id grows past what the server knows.
 */
export const SEEN_REPORT_DELAY_MS = 1000;

export type SeenReporter = ReturnType<typeof createSeenReporter>;

export function createSeenReporter(deps: {
  /** Sends the report; only called when `canReport()` is true. */
  report: (lastMessageId: number) => void;
  /** False while offline or not yet synced: the report waits for `flush()` after the next sync. */
  canReport: () => boolean;
  delayMs?: number;
}) {
  const delayMs = deps.delayMs ?? SEEN_REPORT_DELAY_MS;
  /** The highest id the server knows this visitor has seen (from sync, or reported). */
  let known = 0;
  /** The highest id seen here, to be reported. */
  let wanted = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (wanted <= known || !deps.canReport()) return;
    known = wanted;
    deps.report(wanted);
  };

  return {
    /** The server's value from a sync; `replace` after an identity change (another conversation's ids). */
    known(id: number, replace = false) {
      if (!replace) {
        known = Math.max(known, id);
        return;
      }
      clearTimeout(timer);
      timer = undefined;
      known = id;
      wanted = 0;
    },
    /** Messages up to `id` are on screen: reported after a quiet moment, if new to the server. */
    seen(id: number) {
      if (id <= Math.max(known, wanted)) return;
      wanted = id;
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    /** Reports now what waits (the panel closes, or the connection is back). */
    flush,
    /** The visitor changed (log-out): nothing of the previous conversation is reported. */
    reset() {
      clearTimeout(timer);
      timer = undefined;
      known = 0;
      wanted = 0;
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
