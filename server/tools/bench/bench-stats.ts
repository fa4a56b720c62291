/** The nearest-rank percentile of `values` (NaN for none): the benchmarks' one way to read a distribution. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
    : NaN;
}

/**
 * bench:cluster's knee: the first step (by visitors, in the order run) whose p99 passes `limitMs`, or that
 * acknowledged nothing (p99 NaN); else "none up to N visitors".
 */
export function knee(steps: { visitors?: number; p99: number }[], limitMs: number): string {
  const chat = steps.filter((step) => step.visitors !== undefined);
  const first = chat.find((step) => !(step.p99 <= limitMs));
  if (first) return `${first.visitors} visitors (p99 ${Number.isNaN(first.p99) ? 'none' : first.p99.toFixed(0)} ms)`;
  return `none up to ${Math.max(...chat.map((step) => step.visitors!))} visitors`;
}
