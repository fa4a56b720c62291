import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../../server/env';
import { createLogger } from '../../../server/logger';
import { createMailTransport } from '../../../server/mail/mail-transport';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const mail = (n: number) => ({
  to: `patient${n}@example.com`,
  subject: `Request ${n}`,
  text: `Your reference is APT-${n}.`,
  html: `<p>Your reference is APT-${n}.</p>`,
  kind: 'request_received',
});

describe('the outbox mail transport (no SMTP_URL)', () => {
  it('makes its folder once, not per mail, and again when the folder has gone (ADR 0052)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-outbox-'));
    dirs.push(dataDir);
    const transport = createMailTransport(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }), createLogger('silent'));
    const mkdir = vi.spyOn(fsPromises, 'mkdir');
    const outbox = path.join(dataDir, 'outbox');
    const mails = () => fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));

    for (let n = 1; n <= 3; n++) await transport.send(mail(n));
    expect(mails()).toHaveLength(3);
    expect(mkdir).toHaveBeenCalledTimes(1);

    fs.rmSync(outbox, { recursive: true });
    await transport.send(mail(4));
    expect(mails()).toHaveLength(1);
    expect(fs.readFileSync(path.join(outbox, mails()[0]!), 'utf8')).toContain('Request 4');
    expect(mkdir).toHaveBeenCalledTimes(2);
    expect(fs.readdirSync(outbox).filter((name) => name.endsWith('.partial'))).toEqual([]);
    transport.close();
    mkdir.mockRestore();
  });
});
