import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/wait-for';

const root = path.resolve(import.meta.dirname, '../../..');
const script = 'server/tools/messages-fake.ts';
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(TERMII_|AT_|WHATSAPP_|FAKE_PROVIDER_|APP_URL)/.test(name)),
);

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...cleanEnv, ...env },
    encoding: 'utf8',
  });

describe('npm run messages:fake', () => {
  it("--print-env prints the app's env lines for the port, with credentials taken from the env", () => {
    const result = run(['--print-env'], { FAKE_PROVIDER_PORT: '4123', TERMII_API_KEY: 'from-the-env' });
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toContain('TERMII_BASE_URL=http://127.0.0.1:4123');
    expect(lines).toContain('WHATSAPP_GRAPH_URL=http://127.0.0.1:4123/v21.0');
    expect(lines).toContain('TERMII_API_KEY=from-the-env');
  });

  it('refuses a bad option with the usage and exit code 64', () => {
    const result = run(['--fail-rate', '2']);
    expect(result.status).toBe(64);
    expect(result.stderr).toContain('--fail-rate must be a number from 0 to 1');
    expect(result.stderr).toContain('Usage: npm run messages:fake');
  });

  it('starts, prints where it listens and serves its page until stopped', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0'], { cwd: root, env: cleanEnv });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await waitFor(() => output.includes('Ctrl-C stops the fake.'), 15_000, 'the fake to start');
      const url = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)![1]!;
      expect(output).toContain(`TERMII_BASE_URL=${url}`);
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1>Fake messaging provider</h1>');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
