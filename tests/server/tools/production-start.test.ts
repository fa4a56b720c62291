/**
 * Issue #12.1: production runs plain node on the built output. A copy of the tree is built,
 * its dev dependencies are pruned (npm prune --omit=dev), and `npm start`'s launcher serves it.
 * The copy's node_modules is made of hard links to the shared install (or a full copy across
 * file systems): pruning removes links in the copy only, never files of the shared install.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-prod-'));
const children: ChildProcess[] = [];

/** The children's environment: nothing from vitest that would change where or how they run. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DIST_DIR', 'NODE_ENV', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST'])
    delete env[name];
  return { ...env, ...extra };
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: copy, env: childEnv(env), encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** Starts the launcher and resolves with its URL and everything it printed before listening. */
function startLauncher(dataDir: string): Promise<{ url: string; output: () => string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server/tools/start.mjs'], {
      cwd: copy,
      env: childEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"msg":"listening","url":"(http:\/\/localhost:\d+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!.replace('localhost', '127.0.0.1'), output: () => output, child });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

beforeAll(() => {
  for (const entry of [
    'client',
    'server',
    'shared',
    'migrations',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'vite.config.ts',
  ]) {
    fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  const modules = fs.realpathSync(path.join(root, 'node_modules'));
  const linked = spawnSync('cp', ['-al', `${modules}/.`, path.join(copy, 'node_modules')]);
  if (linked.status !== 0) {
    fs.rmSync(path.join(copy, 'node_modules'), { recursive: true, force: true });
    fs.cpSync(modules, path.join(copy, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  // npm rewrites this file on prune: give the copy its own, not a link to the shared one.
  const hiddenLock = path.join(copy, 'node_modules', '.package-lock.json');
  fs.rmSync(hiddenLock, { force: true });
  fs.copyFileSync(path.join(modules, '.package-lock.json'), hiddenLock);

  run(process.execPath, ['--import', 'tsx', 'server/tools/build.ts']);
  run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund']);
}, 240_000);

afterAll(async () => {
  await Promise.all(children.map(stopped));
  fs.rmSync(copy, { recursive: true, force: true });
});

describe('production start on a pruned install', () => {
  it('has no build tools left after the prune', () => {
    for (const name of ['tsx', 'vite', 'vitest'])
      expect(fs.existsSync(path.join(copy, 'node_modules', name)), name).toBe(false);
    // The shared install is untouched.
    for (const name of ['tsx', 'vite']) expect(fs.existsSync(path.join(root, 'node_modules', name)), name).toBe(true);
  });

  it('serves / and /healthz with plain node, without rebuilding', async () => {
    const server = await startLauncher(path.join(copy, 'data'));
    expect(server.output()).not.toContain('Building');
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<!doctype html>');
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
    await stopped(server.child);
    // The staff commands are compiled too, so they run on the pruned install.
    const audit = run(process.execPath, ['dist/server/audit-cli.mjs', '--since', '2020-01-01'], {
      DATA_DIR: path.join(copy, 'data'),
    });
    expect(audit.stdout).toMatch(/^id\s+time \(UTC\)\s+type/);
  });

  it('after a source change, the launcher (never the server) would rebuild; without build tools it serves the existing build and says so', async () => {
    const { buildState } = (await import(
      pathToFileURL(path.join(copy, 'server/tools/source-fingerprint.mjs')).href
    )) as typeof import('../../../server/tools/source-fingerprint.mjs');
    expect(buildState(path.join(copy, 'dist'))).toBe('current');
    fs.appendFileSync(path.join(copy, 'shared', 'constants.ts'), '\n// edited after the build\n');
    expect(buildState(path.join(copy, 'dist'))).toBe('stale');
    const server = await startLauncher(path.join(copy, 'data'));
    expect(server.output()).toContain('the build tools are not installed');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await stopped(server.child);
  });
});
