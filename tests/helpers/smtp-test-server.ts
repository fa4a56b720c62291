import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; from: string; raw: string; decoded: string; subject: string };

/** Undoes quoted-printable soft breaks and =XX escapes so links can be read from the raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link to `path` in a received message (e.g. '/confirm-email'). */
export function linkIn(mail: { decoded: string }, path: string): URL {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/-]/g, '\\$&')}\\?token=[a-z2-7]+`).exec(mail.decoded);
  if (!match) throw new Error(`No ${path} link in the message`);
  return new URL(match[0]);
}

/** A real SMTP server (the smtp-server package) in the test process, on an ephemeral or given port. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const decoded = decodeQuotedPrintable(raw);
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          decoded,
          subject,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;

  /** Resolves with the first received mail matching `match`, waiting up to `timeoutMs`. */
  async function waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`No matching mail within ${timeoutMs} ms (received ${received.length})`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 100);
      });
    }
  }

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
