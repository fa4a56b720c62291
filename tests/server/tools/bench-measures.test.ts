import { describe, expect, it } from 'vitest';
import { knee } from '../../../server/tools/bench/bench-stats';
import { parseStat, postgresServerTicks, type ProcStat } from '../../../server/tools/bench/proc-cpu';
import { commandDelta, parseCommandStats } from '../../../server/tools/bench/redis-commands';

describe('bench:cluster measures', () => {
  it('reads utime + stime, cutime + cstime, ppid and start time from a /proc stat line, spaces in the name too', () => {
    // fields 14-17 are 120 30 7 3; 22 (starttime) is 4242
    const line = '812 (node (worker) 1) S 700 812 700 0 -1 4194304 10 0 0 0 120 30 7 3 20 0 11 0 4242 1 1';
    expect(parseStat(line)).toEqual({
      pid: 812,
      comm: 'node (worker) 1',
      ppid: 700,
      startTime: 4242,
      own: 150,
      children: 10,
    });
  });

  it("counts PostgreSQL's backends that ended, started or lived through a phase once each", () => {
    const stat = (pid: number, ppid: number, own: number, children = 0): ProcStat => ({
      pid,
      comm: 'postgres',
      ppid,
      startTime: pid,
      own,
      children,
    });
    // At the start: the postmaster (own 10, reaped children 100) and backends 2 (40 ticks) and 3 (5 ticks).
    const start = [stat(1, 0, 10, 100), stat(2, 1, 40), stat(3, 1, 5), stat(99, 0, 1000)];
    // At the end: backend 2 ended at 70 ticks (reaped: in the postmaster's children), 3 lived on to 25, 4 started (8),
    // and one that started and ended during the phase used 12; the unrelated process 99 is left out.
    const end = [stat(1, 0, 11, 100 + 70 + 12), stat(3, 1, 25), stat(4, 1, 8), stat(99, 0, 5000)];
    expect(postgresServerTicks(end, 1) - postgresServerTicks(start, 1)).toBe(1 + 30 + 20 + 8 + 12);
  });

  it("counts Redis's commands between two INFO commandstats readings, its own INFO left out", () => {
    const before = parseCommandStats(
      '# Commandstats\r\ncmdstat_publish:calls=10,usec=5\r\ncmdstat_info:calls=3,usec=1\r\ncmdstat_evalsha:calls=4,usec=1\r\n',
    );
    const after = parseCommandStats(
      'cmdstat_publish:calls=40,usec=9\r\ncmdstat_info:calls=4,usec=1\r\ncmdstat_evalsha:calls=4,usec=1\r\n' +
        'cmdstat_client|list:calls=2,usec=1\r\n',
    );
    expect(commandDelta(before, after)).toEqual([
      ['publish', 30],
      ['client|list', 2],
    ]);
  });

  it('finds the knee: the first step whose p99 passes the limit, or none', () => {
    const steps = [
      { visitors: 500, p99: 20 },
      { visitors: 1000, p99: 250 },
      { visitors: 2000, p99: 4741 },
      { visitors: 4000, p99: 9000 },
    ];
    expect(knee(steps, 250)).toBe('2000 visitors (p99 4741 ms)');
    expect(knee(steps.slice(0, 2), 250)).toBe('none up to 1000 visitors');
    expect(knee([{ visitors: 500, p99: NaN }], 250)).toBe('500 visitors (p99 none ms)');
    expect(knee([...steps.slice(0, 2), { p99: 900 }], 250)).toBe('none up to 1000 visitors');
  });
});
