/**
 * Issue #26.2: the mail queue's wake-up belongs to one app. As a module-level Set of listeners, mail queued by one app
 * woke the mail worker of every app in the process.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox, type OutgoingMail } from '../../../server/data/mail-outbox';
import type { AppDatabase } from '../../../server/db/database';
import { confirmationMail } from '../../../server/mail/mail-templates';
import { startMailWorker } from '../../../server/mail/mail-worker';
import { startTestServer } from '../../helpers/test-server';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real app with its own database and its own mail worker, which only polls once a minute unless woken. */
async function appWithMailWorker() {
  const server = await startTestServer();
  cleanups.push(() => server.close());
  const sent: OutgoingMail[] = [];
  const worker = startMailWorker({
    db: server.db,
    env: server.env,
    logger: server.services.logger,
    queue: server.services.mail,
    transport: { kind: 'outbox', send: (mail) => (sent.push(mail), Promise.resolve()), close: () => undefined },
    pollMs: 60_000,
  });
  cleanups.push(() => worker.stop());
  // The worker's first look at the queue is over: from here on it looks again only when woken (or in a minute).
  await worker.runOnce();
  return { ...server, worker, sent };
}

describe('two apps in one process', () => {
  it('mail queued in one wakes only that app’s mail worker', async () => {
    const a = await appWithMailWorker();
    const b = await appWithMailWorker();
    // A woken worker asks its database for due mail at once, in the same tick as the wake-up.
    const claimDue = vi.spyOn(mailOutbox, 'claimDue');
    cleanups.push(() => claimDue.mockRestore());
    const looksAt = (db: AppDatabase) => claimDue.mock.calls.filter(([calledDb]) => calledDb === db).length;

    await b.services.mail.enqueue(confirmationMail('bola@example.ng', 'Bola', 'http://x/confirm-email?token=b'));

    expect(looksAt(b.db)).toBeGreaterThan(0);
    expect(looksAt(a.db)).toBe(0);
    await vi.waitFor(() => expect(b.sent.map((mail) => mail.to)).toEqual(['bola@example.ng']));
    expect(a.sent).toEqual([]);

    // And A's own queue still wakes A's worker.
    await a.services.mail.enqueue(confirmationMail('ade@example.ng', 'Ade', 'http://x/confirm-email?token=a'));
    expect(looksAt(a.db)).toBeGreaterThan(0);
    await vi.waitFor(() => expect(a.sent.map((mail) => mail.to)).toEqual(['ade@example.ng']));
    expect(b.sent).toHaveLength(1);
  });
});
