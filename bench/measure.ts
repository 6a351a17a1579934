import { performance } from "node:perf_hooks";

// Latency of one operation at a time: warm-up, then N timed runs, summarised as median, p95 and
// the sequential rate. A comparison interleaves the two operations (alternating which goes first),
// so drift in the machine — GC, JIT, other processes — lands on both sides alike.

export interface Stats {
  iterations: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  minMs: number;
  /** One caller, one operation at a time: 1000 / mean. */
  opsPerSec: number;
}

export interface MeasureOptions {
  warmup: number;
  iterations: number;
}

export type Operation = (iteration: number) => Promise<unknown>;

function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function summarize(samples: number[]): Stats {
  if (!samples.length) throw new Error("No samples to summarise");
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  return {
    iterations: sorted.length,
    medianMs: round(median),
    p95Ms: round(percentile(sorted, 0.95)),
    meanMs: round(mean),
    minMs: round(sorted[0]),
    opsPerSec: Math.round(1000 / mean),
  };
}

async function timed(operation: Operation, iteration: number): Promise<number> {
  const start = performance.now();
  await operation(iteration);
  return performance.now() - start;
}

export async function measure(operation: Operation, options: MeasureOptions): Promise<Stats> {
  for (let i = 0; i < options.warmup; i++) await operation(i);
  const samples: number[] = [];
  for (let i = 0; i < options.iterations; i++) samples.push(await timed(operation, options.warmup + i));
  return summarize(samples);
}

/** Times `baseline` and `subject` in alternation; each sees the same iteration numbers. */
export async function compare(baseline: Operation, subject: Operation, options: MeasureOptions): Promise<{ baseline: Stats; subject: Stats }> {
  for (let i = 0; i < options.warmup; i++) {
    await baseline(i);
    await subject(i);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < options.iterations; i++) {
    const n = options.warmup + i;
    if (i % 2 === 0) {
      a.push(await timed(baseline, n));
      b.push(await timed(subject, n));
    } else {
      b.push(await timed(subject, n));
      a.push(await timed(baseline, n));
    }
  }
  return { baseline: summarize(a), subject: summarize(b) };
}
