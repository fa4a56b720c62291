/**
 * The daily retention run (issue #13): a minute after start, then every 24 hours. A failure is logged and tried again
 * the next day; the timer never keeps the process alive.
 */
import type { AuditLog } from '../audit/audit-log';
import type { AppDatabase } from '../db/database';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { runRetention } from './retention';

const FIRST_RUN_DELAY_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

export function startRetentionSchedule(deps: { db: AppDatabase; env: Env; logger: Logger; audit: AuditLog }) {
  let running: Promise<void> | null = null;
  const run = () => {
    running = (async () => {
      try {
        const report = await runRetention(deps.db, { requestMonths: deps.env.REQUEST_RETENTION_MONTHS });
        const detail = {
          chatMessages: report.chatMessages,
          chatConversations: report.chatConversations,
          requests: report.requests.length,
        };
        deps.logger.info('retention run', detail);
        await deps.audit.record({ type: 'retention.run', subject: 'retention', detail });
      } catch (error) {
        deps.logger.error('retention run failed, will try again tomorrow', { err: error });
      }
    })();
  };
  const first = setTimeout(() => {
    run();
    daily.refresh();
  }, FIRST_RUN_DELAY_MS);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}
