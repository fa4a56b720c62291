import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { brand } from '../../shared/brand';
import type { Env } from '../env';
import { maskEmail, type Logger } from '../logger';
import type { OutgoingMail } from '../data/mail-outbox';

export type MailTransport = {
  kind: 'smtp' | 'outbox';
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/** The default sender: a no-reply address at the brand's mail domain. */
export const defaultMailFrom = () => `"${brand.name}" <no-reply@${brand.email.split('@')[1]}>`;

/**
 * SMTP_URL set → real SMTP (nodemailer). Unset → each message is written to DATA_DIR/outbox as
 * an .eml file and that file's path is logged, so the embedded default works without a mail
 * server. The link itself is never logged: it carries a live token (issue #11.7), and logs are
 * kept and shipped far more widely than the outbox folder (mode 0600).
 */
export function createMailTransport(env: Env, logger: Logger): MailTransport {
  const from = env.MAIL_FROM ?? defaultMailFrom();
  const message = (mail: OutgoingMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
  });
  if (env.SMTP_URL) {
    const transporter = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      send: async (mail) => {
        await transporter.sendMail(message(mail));
      },
      close: () => transporter.close(),
    };
  }

  const outboxDir = path.join(env.DATA_DIR, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made once, not per mail (ADR 0052: a mkdir per mail showed in the forms profile); made again when a
  // write finds it gone (someone emptied DATA_DIR).
  let folder: Promise<unknown> | null = null;
  const outboxFolder = () =>
    (folder ??= fs.mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
      folder = null;
      throw error;
    }));
  const writeWhole = async (partial: string, file: string, bytes: Buffer) => {
    await fs.writeFile(partial, bytes, { mode: 0o600 });
    await fs.rename(partial, file);
  };
  return {
    kind: 'outbox',
    send: async (mail) => {
      const info = await composer.sendMail(message(mail));
      await outboxFolder();
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      // Written whole under another name, then renamed: whoever watches the folder (a
      // developer, the browser tests) never reads a half-written mail.
      const partial = `${file}.partial`;
      try {
        await writeWhole(partial, file, info.message as Buffer);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
        folder = null;
        await outboxFolder();
        await writeWhole(partial, file, info.message as Buffer);
      }
      logger.info('mail written to outbox', { to: maskEmail(mail.to), kind: mail.kind, file });
    },
    close: () => composer.close(),
  };
}
