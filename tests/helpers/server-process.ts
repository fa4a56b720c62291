/**
 * The real server (`node --import tsx server/index.ts`) as a process of its own, on an ephemeral port, for the tests
 * that kill it (durability): resolves with its URL once it logs that it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** `env` adds to production defaults; DIST_DIR points at `dataDir/no-build` (the API only, no site). */
export function startServerProcess(dataDir: string, env: Record<string, string>) {
  return new Promise<{ url: string; process: ChildProcess }>((resolve, reject) => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DIST_DIR: path.join(dataDir, 'no-build'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    started.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"msg":"listening","url":"(http:\/\/localhost:\d+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!.replace('localhost', '127.0.0.1'), process: started });
      }
    });
    started.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Kills with SIGKILL (no graceful shutdown) and resolves once the process is gone. */
export const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
