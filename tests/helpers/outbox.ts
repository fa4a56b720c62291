import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { decodeQuotedPrintable } from './smtp-test-server';
import { waitFor } from './wait-for';

/** The browser-test server's data folder (tests/helpers/browser-global-setup.ts). */
export const dataDir = () => inject('dataDir');

/** Waits for the .eml written for `to` whose subject contains `subject`, and returns the link to `pathname` in it. */
export async function linkFromOutbox(
  to: string,
  subject: string,
  pathname: string,
  timeoutMs = 15_000,
): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  const find = () => {
    if (!fs.existsSync(outbox)) return undefined;
    for (const file of fs
      .readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()) {
      const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(text) || !text.includes(subject)) continue;
      const link = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[a-z2-7]+`).exec(text)?.[0];
      if (link) return new URL(link);
    }
    return undefined;
  };
  let url: URL | undefined;
  await waitFor(() => (url = find()) !== undefined, timeoutMs, `"${subject}" mail for ${to} in the outbox`);
  return url!.pathname + url!.search;
}
