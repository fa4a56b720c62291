import type { Logger } from '../logger';

export const REFUSAL_LOG_INTERVAL_MS = 1000;

export type RefusalCountLog = {
  /** Counts one refusal; `fields` (the latest wins) go on the line that reports the count. */
  note: (fields?: Record<string, unknown>) => void;
};

/**
 * A refusal the app makes on purpose under load (issue #24: 560 of 600 log-ins in a burst refused by the full hashing
 * queue, each logged at error level) is expected, not a fault: one warn line per second that saw any, with how many,
 * instead of a line per request. The timer is unref'd, so it never keeps a process alive.
 */
export function createRefusalCountLog(
  logger: Pick<Logger, 'warn'>,
  message: string,
  intervalMs = REFUSAL_LOG_INTERVAL_MS,
): RefusalCountLog {
  let refused = 0;
  let latest: Record<string, unknown> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    logger.warn(message, { ...latest, refused, perMs: intervalMs });
    refused = 0;
  };
  return {
    note(fields = {}) {
      refused += 1;
      latest = fields;
      if (timer) return;
      timer = setTimeout(flush, intervalMs);
      timer.unref();
    },
  };
}
