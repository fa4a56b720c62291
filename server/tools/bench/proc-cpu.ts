/**
 * CPU time per process from /proc (Linux), for bench:cluster (issue #31.1): utime + stime of /proc/<pid>/stat, in
 * clock ticks (`getconf CLK_TCK`, usually 100 a second, so 10 ms a tick), read at the start and the end of a phase.
 *
 * /proc/<pid>/stat counts every thread of the process (libuv's pool, V8's GC and compiler threads), so a Node process
 * is one number. PostgreSQL is a tree: the postmaster forks a backend per connection, and backends come and go. Two
 * figures are kept for it:
 * - `postgresServer`, exact: the postmaster's own time, plus its cutime + cstime (the time of every child it has
 *   reaped: a backend that ended during the phase lands there with all of its time), plus the time of every child
 *   still alive (backends, checkpointer, walwriter, autovacuum). The difference between the end and the start counts a
 *   backend that lived through the phase, one that started, one that ended and one that did both, each exactly once.
 *   It is the whole server: on a shared machine it also holds other clients' queries.
 * - `postgresBackends(database)`, the backends whose title (`postgres: user database host(port) state`) names the
 *   bench's scratch database, sampled every 250 ms while the phase runs; a backend that ends loses the time since its
 *   last sample, so it is a lower bound, and it leaves out the walwriter and the checkpointer, which work for them.
 *   On a quiet machine it shows how much of the server figure the bench's own connections are.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export type ProcStat = { pid: number; comm: string; ppid: number; startTime: number; own: number; children: number };

/**
 * One /proc/<pid>/stat line: the command name sits in parentheses and may hold spaces or parentheses itself, so the
 * fields are counted from the last ')'. Field numbers as proc(5) gives them: 4 ppid, 14 utime, 15 stime, 16 cutime,
 * 17 cstime, 22 starttime.
 */
export function parseStat(text: string): ProcStat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${text.slice(0, 80)}`);
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (n: number) => Number(rest[n - 3]);
  return {
    pid: Number(text.slice(0, open).trim()),
    comm: text.slice(open + 1, close),
    ppid: field(4),
    startTime: field(22),
    own: field(14) + field(15),
    children: field(16) + field(17),
  };
}

export function readStat(pid: number): ProcStat | null {
  try {
    return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null; // ended (or not ours to read)
  }
}

const readCmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
};

/** Every process's stat line now (the ones that end while this reads are skipped). */
export function allStats(): ProcStat[] {
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  return names.flatMap((name) => (/^\d+$/.test(name) ? [readStat(Number(name))].filter((s) => s !== null) : []));
}

let ticks: number | null = null;
/** Clock ticks a second (`getconf CLK_TCK`); 100 when getconf is missing. */
export function clockTicksPerSecond(): number {
  if (ticks === null) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

export const ticksToMs = (value: number) => (value * 1000) / clockTicksPerSecond();

/**
 * The postmaster: a `postgres` process whose parent is not one. With several clusters on the machine, the one whose
 * command line names `port` (`-p 5433`, or none for the default 5432); null when PostgreSQL runs elsewhere.
 */
export function findPostmaster(stats: ProcStat[], port: number): number | null {
  const postgres = stats.filter((stat) => stat.comm === 'postgres');
  const pids = new Set(postgres.map((stat) => stat.pid));
  const roots = postgres.filter((stat) => !pids.has(stat.ppid));
  if (roots.length <= 1) return roots[0]?.pid ?? null;
  const byPort = roots.find((stat) => {
    const match = /(?:-p\s*|port=)(\d+)/.exec(readCmdline(stat.pid));
    return (match ? Number(match[1]) : 5432) === port;
  });
  return byPort?.pid ?? roots[0]!.pid;
}

/** The whole PostgreSQL server's ticks: the postmaster, the children it reaped, and its live children (see above). */
export function postgresServerTicks(stats: ProcStat[], postmaster: number): number {
  const root = stats.find((stat) => stat.pid === postmaster);
  if (!root) return NaN;
  const live = stats.filter((stat) => stat.ppid === postmaster);
  return root.own + root.children + live.reduce((sum, stat) => sum + stat.own + stat.children, 0);
}

/** A Redis server: `redis-server` whose command line names `port` (or the only one). */
export function findRedis(stats: ProcStat[], port: number): number | null {
  const servers = stats.filter((stat) => stat.comm === 'redis-server');
  if (servers.length <= 1) return servers[0]?.pid ?? null;
  return servers.find((stat) => readCmdline(stat.pid).includes(`:${port}`))?.pid ?? servers[0]!.pid;
}

/**
 * The live children of `pid`: from /proc/<pid>/task/<pid>/children where the kernel keeps it (the postmaster forks from
 * its main thread), else from every process's parent.
 */
function childrenOf(pid: number): ProcStat[] {
  try {
    const pids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return pids.flatMap((child) => readStat(Number(child)) ?? []).filter((stat) => stat.ppid === pid);
  } catch {
    return allStats().filter((stat) => stat.ppid === pid);
  }
}

/**
 * Samples the backends of one database (by their process title) until stopped: per backend (pid and start time, so a
 * reused pid is a new one) the ticks at its first sight, or 0 when it started after `start`, and at its last sight.
 */
export function sampleBackends(postmaster: number, database: string, everyMs = 250) {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const sample = (atStart: boolean) => {
    for (const stat of childrenOf(postmaster)) {
      const key = `${stat.pid}:${stat.startTime}`;
      if (!first.has(key) && !readCmdline(stat.pid).includes(` ${database} `)) continue;
      if (!first.has(key)) first.set(key, atStart ? stat.own : 0);
      last.set(key, stat.own);
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), everyMs);
  return {
    /** Ticks the database's backends used since the start (a lower bound, see the file's comment). */
    stop(): number {
      clearInterval(timer);
      sample(false);
      let sum = 0;
      for (const [key, value] of last) sum += value - first.get(key)!;
      return sum;
    },
  };
}

/** What a phase's CPU is read from: labelled processes (pids), and maybe the PostgreSQL server and one database. */
export type CpuTargets = {
  processes: { label: string; pid: number }[];
  postgres?: { port: number; database: string };
  redisPort?: number;
};

export type CpuReading = { label: string; ms: number; server: boolean }[];

/**
 * Starts measuring `targets`; `stop()` gives each one's CPU milliseconds since the start. Labels: those given, plus
 * `postgres` (the whole server), `postgres: bench db` (its backends, not summed: part of `postgres`) and `redis`.
 */
export function startCpuMeter(targets: CpuTargets) {
  const before = allStats();
  const postmaster = targets.postgres ? findPostmaster(before, targets.postgres.port) : null;
  const redis = targets.redisPort !== undefined ? findRedis(before, targets.redisPort) : null;
  const own = (stats: ProcStat[], pid: number) => stats.find((stat) => stat.pid === pid)?.own ?? NaN;
  const startProcesses = targets.processes.map(({ pid }) => own(before, pid));
  const startPostgres = postmaster === null ? NaN : postgresServerTicks(before, postmaster);
  const startRedis = redis === null ? NaN : own(before, redis);
  const backends =
    postmaster !== null && targets.postgres ? sampleBackends(postmaster, targets.postgres.database) : null;
  return {
    stop(): CpuReading {
      const backendTicks = backends?.stop() ?? NaN;
      const after = allStats();
      const reading: CpuReading = targets.processes.map(({ label, pid }, index) => ({
        label,
        ms: ticksToMs(own(after, pid) - startProcesses[index]!),
        server: label !== 'load generator',
      }));
      if (targets.postgres) {
        reading.push({
          label: 'postgres',
          ms: postmaster === null ? NaN : ticksToMs(postgresServerTicks(after, postmaster) - startPostgres),
          server: true,
        });
        reading.push({ label: 'postgres: bench db', ms: ticksToMs(backendTicks), server: false });
      }
      if (targets.redisPort !== undefined)
        reading.push({
          label: 'redis',
          ms: redis === null ? NaN : ticksToMs(own(after, redis) - startRedis),
          server: true,
        });
      return reading;
    },
  };
}
