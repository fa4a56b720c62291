import { describe, expect, it } from 'vitest';
import { formatTopFrames, topFrames, type CpuProfile } from '../../../server/tools/bench/top-frames';

const frame = (functionName: string, url = '', lineNumber = -1) => ({ functionName, url, lineNumber, columnNumber: 0 });
const handle = frame('handle', 'file:///app/dist/server/index.mjs', 9);

/** Samples at 0, 1000, 3000, 4000, 8000 and 8500 µs; the profile ends at 9000 µs. */
const timed: CpuProfile = {
  startTime: 0,
  endTime: 9000,
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 3, callFrame: frame('(idle)') },
    { id: 4, callFrame: handle },
    // the same function reached by another call path: one row with node 4
    { id: 5, callFrame: handle },
    { id: 6, callFrame: frame('parse', 'node:internal/json', 0) },
    { id: 7, callFrame: frame('(garbage collector)') },
  ],
  samples: [4, 4, 6, 3, 5, 7],
  timeDeltas: [0, 1000, 2000, 1000, 4000, 500],
};

/** No samples: hit counts × the mean interval (4000 µs / 4 hits). */
const hitsOnly: CpuProfile = {
  startTime: 0,
  endTime: 4000,
  nodes: [
    { id: 1, callFrame: frame('(root)'), hitCount: 0 },
    { id: 2, callFrame: handle, hitCount: 2 },
    { id: 3, callFrame: frame('(idle)'), hitCount: 2 },
  ],
};

describe('topFrames', () => {
  it('sums self time by function and url:line, each sample lasting until the next one', () => {
    const result = topFrames([timed], 10, '/app');
    expect(result.frames).toEqual([
      { name: 'handle', location: 'dist/server/index.mjs:10', selfMs: 3.5, share: 0.7 },
      { name: 'parse', location: 'node:internal/json:1', selfMs: 1, share: 0.2 },
      { name: '(garbage collector)', location: '', selfMs: 0.5, share: 0.1 },
    ]);
    expect(result.busyMs).toBe(5);
    expect(result.idleMs).toBe(4);
  });

  it('adds profiles together, falls back to hit counts, and keeps only the heaviest', () => {
    const result = topFrames([timed, hitsOnly], 2, '/app');
    expect(result.frames.map((entry) => [entry.name, entry.selfMs])).toEqual([
      ['handle', 5.5],
      ['parse', 1],
    ]);
    expect(result.busyMs).toBe(7);
    expect(result.idleMs).toBe(6);
  });

  it('prints a table with one row per frame', () => {
    const table = formatTopFrames(topFrames([timed], 10, '/app'), 'node 1').split('\n');
    expect(table[0]).toBe('node 1: 5 ms busy, 4 ms idle');
    expect(table[4]).toBe('| 1 | 3.5 | 70.0 | handle | dist/server/index.mjs:10 |');
    expect(table).toHaveLength(7);
  });
});
