/**
 * The app's two queue workers, started together: the e-mail queue (SMTP_URL, or .eml files in DATA_DIR/outbox) and the
 * text queue (issue #27: the providers MESSAGING_DRIVER names, or the sink). server/index.ts starts them once per
 * process; the browser tests' server starts them with a short poll.
 */
import { startMailWorker } from './mail/mail-worker';
import { startMessagingWorker } from './messaging/messaging-worker';
import { createDrivers } from './messaging/providers';
import type { AppServices } from './services';

export function startQueueWorkers(services: AppServices, options: { pollMs?: number } = {}) {
  const { db, env, logger } = services;
  const mail = startMailWorker({ db, env, logger, queue: services.mail, ...options });
  const texts = startMessagingWorker({
    db,
    env,
    logger,
    messaging: services.messaging,
    mail: services.mail,
    drivers: createDrivers(env),
    ...options,
  });
  return {
    stop: async () => {
      await mail.stop();
      await texts.stop();
    },
  };
}
