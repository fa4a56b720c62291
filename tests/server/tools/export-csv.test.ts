import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { insertAppointment, insertNewsletterSubscription } from '../../../server/data/submissions';
import { openDatabase } from '../../../server/db/database';
import { createWriteBatcher } from '../../../server/db/write-batcher';
import { migrateToLatest } from '../../../server/db/migrate';
import { csvCell, csvPhoneCell, toCsv } from '../../../server/data/csv';

const root = path.resolve(import.meta.dirname, '../../..');

describe('CSV cells', () => {
  it('quote commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('neutralise cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell('+2348031234567')).toBe("'+2348031234567");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('write phone numbers as text a spreadsheet keeps: the + and the leading 0 stay (issue #23.4)', () => {
    expect(csvPhoneCell('08031234567')).toBe('"=""08031234567"""');
    expect(csvPhoneCell('+2348031234567')).toBe('"=""+2348031234567"""');
    expect(csvPhoneCell('(0803) 123-4567')).toBe('"=""(0803) 123-4567"""');
    expect(csvPhoneCell(null)).toBe('');
    // Anything but phone characters gets the usual formula guard, never the ="…" form.
    expect(csvPhoneCell('=1+1')).toBe("'=1+1");
    expect(csvPhoneCell('+234" & HYPERLINK("x')).toBe(`"'+234"" & HYPERLINK(""x"`);
    expect(toCsv(['name', 'phone', 'phone_e164'], [{ name: '0803', phone: '0803 123 4567', phone_e164: null }])).toBe(
      'name,phone,phone_e164\r\n0803,"=""0803 123 4567""",\r\n',
    );
  });

  it('write a header row and CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [{ a: 1, b: 'x,y' }])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});

describe('npm run export', () => {
  it('writes a table as CSV, honours --since, and refuses unknown tables', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-export-'));
    try {
      const { db } = openDatabase(path.join(dataDir, 'app.db'));
      await migrateToLatest(db);
      const writes = createWriteBatcher(db);
      await insertAppointment(writes, {
        fullName: '=cmd|calc',
        email: 'a@example.com',
        phone: '08031234567',
        phoneE164: '+2348031234567',
        preferredDate: '2030-01-02',
        preferredTime: null,
        serviceType: 'Other',
        message: 'Line one\nLine "two", three',
      });
      await insertNewsletterSubscription(writes, { email: 'reader@example.com' });
      await db.destroy();

      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'server/tools/export-csv.ts', ...args], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir },
          encoding: 'utf8',
        });

      const all = run('appointments');
      expect(all.status).toBe(0);
      const [header, ...rest] = all.stdout.split('\r\n');
      expect(header).toBe(
        'id,reference,created_at,full_name,email,phone,phone_e164,preferred_date,preferred_time,service_type,message',
      );
      expect(rest[0]).toContain(',a@example.com,"=""08031234567""","=""+2348031234567""",2030-01-02,');
      expect(rest.join('\r\n')).toContain(`'=cmd|calc`);
      expect(rest.join('\r\n')).toContain('"Line one\nLine ""two"", three"');

      const none = run('appointments', '--since', '2999-01-01');
      expect(none.stdout).toBe(`${header}\r\n`);
      expect(run('newsletter_subscriptions').stdout).toContain('reader@example.com');

      const unknown = run('users');
      expect(unknown.status).toBe(64);
      expect(unknown.stderr).toContain('Unknown table: users');
      expect(run('appointments', '--since', 'yesterday').status).toBe(64);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
