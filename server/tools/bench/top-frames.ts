/**
 * The heaviest frames of V8 CPU profiles (`node --cpu-prof` writes them as .cpuprofile JSON), by self time: what
 * bench:cluster --cpu-prof prints after a run (issue #31.1). Also a command:
 * `npx tsx server/tools/bench/top-frames.ts [--top 10] file.cpuprofile…`.
 *
 * A sample's time is the gap to the next sample (the last one: to the profile's end), as Chrome DevTools counts it; a
 * profile without timing falls back to hit counts × the mean interval. Frames are summed by function name and
 * url:line (one function seen through several call paths is one row, and so is the same function in two profiles).
 * (idle) is left out of the ranking and of the shares: the shares are of the busy time, which keeps (program) and
 * (garbage collector).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
    hitCount?: number;
  }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
};

export type Frame = { name: string; location: string; selfMs: number; share: number };
export type TopFrames = { frames: Frame[]; busyMs: number; idleMs: number };

const NOT_RANKED = new Set(['(idle)', '(root)']);

/** Microseconds of self time per profile node id. */
function selfMicros(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  const { samples = [], timeDeltas = [] } = profile;
  if (samples.length && timeDeltas.length === samples.length) {
    let at = profile.startTime;
    const stamps = timeDeltas.map((delta) => (at += delta));
    samples.forEach((id, index) => {
      const until = index + 1 < stamps.length ? stamps[index + 1]! : Math.max(profile.endTime, stamps[index]!);
      self.set(id, (self.get(id) ?? 0) + Math.max(0, until - stamps[index]!));
    });
    return self;
  }
  const hits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const interval = hits ? (profile.endTime - profile.startTime) / hits : 0;
  for (const node of profile.nodes) self.set(node.id, (node.hitCount ?? 0) * interval);
  return self;
}

/** `file:///work/app/dist/server/index.mjs` → `dist/server/index.mjs` (relative to `root` when under it). */
const shortUrl = (url: string, root: string) => {
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  return file.startsWith(`${root}${path.sep}`) ? path.relative(root, file) : file;
};

/** The `count` heaviest frames by self time over `profiles`, with the busy and idle milliseconds. */
export function topFrames(profiles: CpuProfile[], count = 10, root = process.cwd()): TopFrames {
  const byKey = new Map<string, { name: string; location: string; micros: number }>();
  let idle = 0;
  let busy = 0;
  for (const profile of profiles) {
    const self = selfMicros(profile);
    for (const node of profile.nodes) {
      const micros = self.get(node.id) ?? 0;
      if (!micros) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const name = functionName || '(anonymous)';
      if (name === '(idle)') idle += micros;
      if (NOT_RANKED.has(name)) continue;
      busy += micros;
      const location = url ? `${shortUrl(url, root)}:${lineNumber + 1}` : '';
      const key = `${name} ${location}`;
      const entry = byKey.get(key) ?? { name, location, micros: 0 };
      entry.micros += micros;
      byKey.set(key, entry);
    }
  }
  const frames = [...byKey.values()]
    .sort((a, b) => b.micros - a.micros || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((entry) => ({
      name: entry.name,
      location: entry.location,
      selfMs: entry.micros / 1000,
      share: busy ? entry.micros / busy : 0,
    }));
  return { frames, busyMs: busy / 1000, idleMs: idle / 1000 };
}

/** A Markdown table of the frames, headed by the busy and idle time. */
export function formatTopFrames(result: TopFrames, title: string): string {
  const lines = [
    `${title}: ${result.busyMs.toFixed(0)} ms busy, ${result.idleMs.toFixed(0)} ms idle`,
    '',
    '| # | self ms | % of busy | function | where |',
    '| --- | --- | --- | --- | --- |',
    ...result.frames.map(
      (frame, index) =>
        `| ${index + 1} | ${frame.selfMs.toFixed(1)} | ${(frame.share * 100).toFixed(1)} | ${frame.name} | ${frame.location} |`,
    ),
  ];
  return lines.join('\n');
}

export const readProfile = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;

/** The .cpuprofile files in `dir` (what `node --cpu-prof --cpu-prof-dir=dir` wrote). */
export const profilesIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.cpuprofile'))
        .map((name) => path.join(dir, name))
    : [];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string' } } });
  if (!positionals.length) throw new Error('usage: top-frames.ts [--top 10] file.cpuprofile…');
  const top = Number(values.top ?? 10);
  console.log(formatTopFrames(topFrames(positionals.map(readProfile), top), positionals.join(', ')));
}
