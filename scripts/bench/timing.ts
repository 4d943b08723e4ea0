/**
 * What every bench section shares: the clock, interleaved repetitions, medians, the npm
 * baselines' loader, a forced collection, and the way tables and targets are printed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RunContext } from '../../src/experiments/shared/types.ts';

export { median } from '../../src/lib/stats/quantile.ts';

/** The npm baselines are CommonJS packages without types. */
export const requireCjs = createRequire(import.meta.url);

/** A run context for experiments timed as the page runs them: no progress shown, never cancelled. */
export const quiet: RunContext = { progress: () => {}, signal: new AbortController().signal };

/** Milliseconds one call takes. */
export function msOf(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * Each candidate once as a warm-up, then `reps` rounds that time every candidate in turn, so that
 * drift on a shared machine hits all alike. `prepare(rep)` runs off the clock (rep −1 is the
 * warm-up: fresh keys for the batch, say) and returns the call that is timed.
 */
export function interleaved<K extends string>(candidates: Record<K, (rep: number) => () => void>, reps: number): Record<K, number[]> {
  const names = Object.keys(candidates) as K[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (const name of names) candidates[name](-1)();
  for (let rep = 0; rep < reps; rep++) {
    for (const name of names) {
      const run = candidates[name](rep);
      times[name].push(msOf(run));
    }
  }
  return times;
}

/**
 * interleaved() for candidates that await (the WebAssembly kernels load asynchronously) or time
 * themselves (a C program reports its loop's time, without its start-up): a candidate returns its
 * own milliseconds, or nothing to be timed from outside. One warm-up each, then `reps` rounds.
 */
export async function interleavedAsync<K extends string>(candidates: Record<K, () => Promise<number | void> | number | void>, reps: number): Promise<Record<K, number[]>> {
  const names = Object.keys(candidates) as K[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let rep = -1; rep < reps; rep++) {
    for (const name of names) {
      const start = performance.now();
      const own = await candidates[name]();
      const ms = typeof own === 'number' ? own : performance.now() - start;
      if (rep >= 0) times[name].push(ms);
    }
  }
  return times;
}

/**
 * Compiles a C baseline from scripts/bench-baselines with the machine's C compiler (`cc -O2`, or
 * $CC) into a temporary directory, with `extra` flags after the source (`-lm`,
 * `-ffp-contract=off`); null, with the reason, when there is no compiler or it fails.
 */
export function compileC(source: string, extra: readonly string[] = []): { binary: string; reason?: undefined } | { binary: null; reason: string } {
  const cc = process.env.CC ?? 'cc';
  const binary = join(mkdtempSync(join(tmpdir(), 'lb-bench-')), 'baseline');
  const file = resolve(import.meta.dirname, '../bench-baselines', source);
  const result = spawnSync(cc, ['-O2', '-o', binary, file, ...extra], { encoding: 'utf8' });
  if (result.error) return { binary: null, reason: `no C compiler (${cc}: ${result.error.message})` };
  if (result.status !== 0) return { binary: null, reason: `${cc} -O2 failed: ${result.stderr.trim()}` };
  return { binary };
}

/** The version line of the C compiler compileC uses, for the bench's header. */
export function ccVersion(): string {
  const result = spawnSync(process.env.CC ?? 'cc', ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n')[0] : 'unknown';
}

/** A full collection, from --expose-gc or, failing that, by exposing gc at run time through V8's flags. */
export function collector(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

/** Prints a table in columns two spaces apart; `right(col)` says which columns align right. */
export function printTable(table: string[][], right: (col: number) => boolean): void {
  const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
  for (const line of table) console.log(line.map((cell, col) => (right(col) ? cell.padStart(widths[col]) : cell.padEnd(widths[col]))).join('  '));
}

/** The line every section ends on: a target, met or not, and the measured value. */
export function target(what: string, met: boolean, measured: string): void {
  console.log(`target: ${what}: ${met ? 'met' : 'NOT met'} (${measured})`);
}
