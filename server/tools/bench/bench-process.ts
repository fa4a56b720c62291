/** What the benchmarks share: a free loopback port, and waiting for a started server to answer. */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { lagosToday } from '../../../shared/lagos-date';

export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `${origin}/healthz` every 100 ms (up to 30 s); fails at once if the child has exited. */
export async function waitUntilUp(origin: string, child?: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child && child.exitCode !== null) throw new Error(`${origin}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${origin} did not start`);
}

/** The environment every benchmark's server runs with: production, on 127.0.0.1, its own data folder. */
export function benchServerEnv(options: {
  port: number;
  dataDir: string;
  logLevel: 'error' | 'info';
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: options.logLevel,
    ...options.extra,
  };
}

/** A valid appointment request as the browser sends it (JSON, past the honeypot and the fill time). */
export function appointmentBody(email = 'bench@example.com') {
  return JSON.stringify({
    fullName: 'Benchmark Patient',
    email,
    phone: '+234 803 123 4567',
    preferredDate: lagosToday(),
    preferredTime: '10-11 AM',
    serviceType: 'General Check-up',
    message: 'Load test submission.',
    website: '',
    fillMs: 5000,
  });
}
