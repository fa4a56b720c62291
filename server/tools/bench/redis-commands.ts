/**
 * Redis commands a phase cost, for bench:cluster (issue #31.1): the difference of `INFO commandstats` (calls per
 * command) between the phase's start and end. Server-wide (Redis 7.0 counts no commands per client), so on a shared
 * machine other clients' commands are in it; commands run inside a Lua script (EVALSHA) are counted as well as the
 * script, and a pipeline's commands count one each (the count is of commands, not of round trips). The meter's own
 * INFO is left out.
 */
import { Redis } from 'ioredis';

/** `cmdstat_get:calls=12,usec=…` lines → calls per command (`get`, `client|list`). */
export function parseCommandStats(info: string): Map<string, number> {
  const calls = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(match[1]!, Number(match[2]));
  return calls;
}

/** Calls per command between two readings, most first (without `info`). */
export function commandDelta(before: Map<string, number>, after: Map<string, number>): [string, number][] {
  return [...after]
    .map(([name, calls]): [string, number] => [name, calls - (before.get(name) ?? 0)])
    .filter(([name, calls]) => calls > 0 && name !== 'info')
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export async function startRedisCommandMeter(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const read = async () => parseCommandStats(await redis.info('commandstats'));
  const before = await read();
  return {
    async stop(): Promise<[string, number][]> {
      try {
        return commandDelta(before, await read());
      } finally {
        redis.disconnect();
      }
    },
  };
}
