import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** `npm run agent:create` in a fresh data folder, with these settings only (nothing inherited from this shell). */
function createAgent(email: string, settings: Record<string, string>, name = 'Ngozi Eze') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-agent-'));
  try {
    return spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/tools/agent-create.ts', '--email', email, '--name', name],
      {
        cwd: root,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, ...settings },
        encoding: 'utf8',
      },
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const setPasswordLink = (stdout: string) => /set a password here \(valid for one hour\): (\S+)/.exec(stdout)?.[1];

describe('npm run agent:create', () => {
  it("prints the set-password link on the site's own origin: PUBLIC_ORIGIN, else this machine's PORT (issue #23)", () => {
    const behindProxy = createAgent('ngozi@example.com', { PUBLIC_ORIGIN: 'https://care.example.org/', PORT: '4123' });
    expect(behindProxy.stderr).toBe('');
    expect(behindProxy.status).toBe(0);
    expect(setPasswordLink(behindProxy.stdout)).toMatch(/^https:\/\/care\.example\.org\/reset-password\?token=\w+$/);

    const onThisMachine = createAgent('ngozi@example.com', { PORT: '4123' });
    expect(onThisMachine.status).toBe(0);
    expect(setPasswordLink(onThisMachine.stdout)).toMatch(/^http:\/\/localhost:4123\/reset-password\?token=\w+$/);
    // Two processes that compile TypeScript and hash a password each: seconds on a quiet machine, more on a busy CI.
  }, 90_000);

  it('refuses a --name made only of invisible characters, naming the option', () => {
    const invisible = createAgent('blank@example.com', { PORT: '4123' }, '\u3164\u200b');
    expect(invisible.status).toBe(64);
    expect(invisible.stderr).toContain('Give the agent’s full --name.');
  }, 90_000);
});
