/**
 * The app's queue workers, started together: the e-mail queue (SMTP_URL, or .eml files in DATA_DIR/outbox), the
 * text queue (issue #27: the providers MESSAGING_DRIVER names, or the sink) and the appointment reminders (issue
 * #28.5, which queue texts and e-mails). server/index.ts starts them once per
 * process; the browser tests' server starts them with a short poll.
 */
import { startMailWorker } from './mail/mail-worker';
import { startMessagingWorker } from './messaging/messaging-worker';
import { startReminderWorker } from './booking/reminder-worker';
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
    deskInbox: services.deskInbox,
    ...options,
  });
  const reminders = startReminderWorker({
    db,
    logger,
    booking: services.booking,
    messaging: services.messaging,
    mail: services.mail,
    ...options,
  });
  return {
    stop: async () => {
      await reminders.stop();
      await mail.stop();
      await texts.stop();
    },
  };
}
